use leptos::prelude::*;

use crate::page::Page;

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
            {move || {
                launch()
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
            }}
        </div>
    }
}
