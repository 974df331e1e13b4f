use leptos::prelude::*;
use memcalc_core::report::Launch;

use crate::page::Page;

/// Each launch text in a fold with a copy button (the share panel's block and each row's).
fn folds(launch: Vec<Launch>, on_copy: Callback<(String, &'static str)>) -> impl IntoView {
    launch
        .into_iter()
        .map(|l| {
            let text = l.text.clone();
            view! {
                <details data-target=l.target>
                    <summary>{l.label}</summary>
                    <pre>
                        <code>{l.text}</code>
                    </pre>
                    <button
                        type="button"
                        data-testid="copy-launch"
                        on:click=move |_| on_copy.run((text.clone(), "Launch settings"))
                    >
                        "Copy"
                    </button>
                </details>
            }
        })
        .collect_view()
}

/// The launch settings of each target that applies to the scenario (issue 40): vLLM or SGLang
/// flags, a DeepSpeed config, an sbatch header with its guard… each in a fold with a copy
/// button. The texts come written from the page's core (`TimeAnswer::launch`, `report::emit`);
/// this only lays them out.
#[component]
pub fn LaunchSettings(
    /// Copies a text and says so ("Launch settings copied.") in the share panel's status.
    on_copy: Callback<(String, &'static str)>,
) -> impl IntoView {
    let Page { time, .. } = Page::get();
    let launch = move || time.with(|a| a.as_ref().map(|a| a.launch.clone()).unwrap_or_default());
    view! {
        <div class="launch" data-testid="launch" role="group" aria-labelledby="launch-label">
            <span id="launch-label" class="muted">
                "Launch settings:"
            </span>
            {move || folds(launch(), on_copy)}
        </div>
    }
}

/// A suggestion's or a layout row's launch settings (issue 40): the settings that realise the
/// row, written by the page's core with the current setup's writers on the patched scenario
/// (`report::launch_rows`, `report::emit::rows`), in a "Launch" fold with a copy button. They
/// are asked of the core only once the fold first opens (`time::rows_of`, issue 41/36); until
/// they come the fold says they are being written. The fold is offered where the setup has
/// launch settings of its own (`TimeAnswer::launch`).
#[component]
pub fn RowLaunch(
    /// The row's query (`Saving::query`, `Layout::query`).
    query: String,
) -> impl IntoView {
    let Page { time, link, .. } = Page::get();
    let (status, set_status) = signal(String::new());
    let on_copy = Callback::new(move |(text, what): (String, &'static str)| {
        crate::browser::copy(&text, move |ok| {
            set_status.set(if ok {
                memcalc_core::report::page_words::copied(what)
            } else {
                "The browser did not allow copying: select the text above.".into()
            })
        });
    });
    // A memo: a new time answer with launch settings keeps an opened fold open.
    let offered =
        Memo::new(move |_| time.with(|a| a.as_ref().is_some_and(|a| !a.launch.is_empty())));
    let body = move || {
        let rows = link.with(|l| crate::time::rows_of(l));
        match rows {
            None => view! { <p class="muted">"Writing the launch settings…"</p> }.into_any(),
            Some(rows) => match memcalc_core::report::row_launch(&rows, &query) {
                Some(l) => folds(l.to_vec(), on_copy).into_any(),
                None => {
                    view! { <p class="muted">"No launch settings for this row."</p> }.into_any()
                }
            },
        }
    };
    move || {
        offered.get().then(|| {
            view! {
                <details
                    class="launch row-launch"
                    data-testid="row-launch"
                    on:toggle={
                        let body = body.clone();
                        crate::fold::on_first_open(move || {
                            view! {
                                {body}
                                <span role="status" data-testid="row-copied">
                                    {status}
                                </span>
                            }
                        })
                    }
                >
                    <summary>"Launch"</summary>
                </details>
            }
        })
    }
}
