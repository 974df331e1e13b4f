use leptos::html::Textarea;
use leptos::prelude::*;
use memcalc_core::report::log_check::{not_loaded, LogView};

use crate::page::Page;

/// "Paste a log": a run's log (pasted, dropped or chosen) read in the browser by the core's
/// recognisers in the log wasm, fetched when the box is first used (src/log.rs); the keys it
/// states fill the form as one step, and the part-by-part check and the calibration are shown.
/// This only moves text and shows the core's words.
#[component]
pub fn LogPaste() -> impl IntoView {
    let page = Page::get();
    let area = NodeRef::<Textarea>::new();
    let (answer, set_answer) = signal(None::<LogView>);
    let (progress, set_progress) = signal(None::<u8>);
    let read = move |text: String| {
        // The page's query: its scenario, `lock=` and units, which the log wasm reads as the
        // page does.
        let query = page.link.get_untracked();
        set_answer.set(None);
        set_progress.set(Some(0));
        leptos::task::spawn_local(async move {
            let progress = move |p: u8| set_progress.set(Some(p));
            let v = crate::log::answer(query, text, progress).await;
            set_progress.set(None);
            let v = v.unwrap_or_else(not_loaded);
            if !v.patch.is_empty() {
                page.apply.run(v.patch.clone());
            }
            set_answer.set(Some(v));
        });
    };

    // A file's text arrives asynchronously; it is read at once and not put in the box (a large
    // file would only slow the page down there).
    let load = move |file: web_sys::File| crate::browser::read_text(file, read);
    let on_toggle = crate::fold::on_first_open(move || {
        // Opened: the log wasm is fetched now, so a paste finds it ready.
        crate::log::preload();
        view! {
            <div class="field">
                <label for="log-text">"Paste a log, or drop the file here"</label>
                <textarea
                    id="log-text"
                    node_ref=area
                    rows="6"
                    spellcheck="false"
                    autocomplete="off"
                    data-testid="log-text"
                    aria-describedby="log-help"
                    on:dragover=move |ev: web_sys::DragEvent| ev.prevent_default()
                    on:drop=move |ev: web_sys::DragEvent| {
                        ev.prevent_default();
                        if let Some(f) = crate::browser::dropped_file(&ev) {
                            load(f);
                        }
                    }
                ></textarea>
                <p class="help" id="log-help">
                    "A vLLM or llama.cpp/Ollama start-up log, a LAMMPS log, a pw.x output, nvidia-smi, PyTorch's max_memory_* prints, /usr/bin/time -v or seff. It is read here, in your browser: nothing leaves this machine, and the link keeps only the keys it fills and the calibration, never the log."
                </p>
                <div class="config-actions">
                    <button
                        type="button"
                        data-testid="log-read"
                        on:click=move |_| {
                            if let Some(a) = area.get_untracked() {
                                read(a.value());
                            }
                        }
                    >
                        "Read the log"
                    </button>
                    <label class="file-choice">
                        "Or choose the file "
                        <input
                            type="file"
                            data-testid="log-file"
                            on:change=move |ev| {
                                if let Some(f) = crate::browser::chosen_file(&ev) {
                                    load(f);
                                }
                            }
                        />
                    </label>
                    <span class="log-progress" data-testid="log-progress">
                        {move || progress.get().map(|p| format!("Reading… {p} %"))}
                    </span>
                </div>
                {move || answer.get().map(|v| view! { <LogAnswerView v=v /> })}
            </div>
        }
    });
    view! {
        <details class="config-import log-paste" data-testid="log-paste" on:toggle=on_toggle>
            <summary>"Paste a log: fill the form from a run and check the estimate"</summary>
        </details>
    }
}

#[component]
fn LogAnswerView(v: LogView) -> impl IntoView {
    let recognised = v.recognised;
    let headline = v.headline.clone();
    let filled_heading = v.filled_heading();
    view! {
        <div class="log-answer" data-testid="log-answer" data-recognised=recognised.to_string()>
            {if recognised {
                view! { <p data-testid="log-headline">{headline}</p> }.into_any()
            } else {
                view! {
                    <p class="error" role="alert" data-testid="log-headline">
                        {headline}
                    </p>
                }
                    .into_any()
            }}
            {(!v.filled.is_empty())
                .then(|| {
                    view! {
                        <h3>{filled_heading}</h3>
                        <ul class="config-report" data-testid="log-filled">
                            {v
                                .filled
                                .iter()
                                .map(|f| {
                                    view! {
                                        <li data-key=f.key.key()>
                                            <code>{format!("{} = {}", f.key.key(), f.value)}</code>
                                            {format!(" (line {}: ", f.line)}
                                            <q class="log-line">{f.text.clone()}</q>
                                            ")"
                                        </li>
                                    }
                                })
                                .collect_view()}
                            {v
                                .refused
                                .iter()
                                .map(|r| {
                                    view! {
                                        <li data-key=r.key.key() class="refused">
                                            {format!(
                                                "not used: {} = {} (line {}): {}",
                                                r.key.key(),
                                                r.value,
                                                r.line,
                                                r.why,
                                            )}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                })}
            {(!v.kept.is_empty())
                .then(|| {
                    view! {
                        <p class="help" data-testid="log-kept">
                            {format!(
                                "Not stated in the log, kept as they were: {}",
                                v.kept.iter().map(|k| k.key()).collect::<Vec<_>>().join(", "),
                            )}
                        </p>
                    }
                })}
            {(!v.checks.is_empty())
                .then(|| {
                    view! {
                        <h3>"Checked part by part"</h3>
                        <ul class="config-report log-checks" data-testid="log-checks">
                            {v
                                .checks
                                .iter()
                                .map(|c| {
                                    view! {
                                        <li
                                            data-figure=c.figure.clone()
                                            data-flagged=c.flagged.to_string()
                                            class:flagged=c.flagged
                                        >
                                            {format!("{} (line {})", c.sentence, c.line)}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                })}
            {(!v.calibrated.is_empty())
                .then(|| {
                    view! {
                        <h3>"Calibrated from your log"</h3>
                        <ul class="config-report" data-testid="log-calibrated">
                            {v
                                .calibrated
                                .iter()
                                .map(|c| {
                                    let before = if c.before.is_empty() {
                                        "(empty)".to_string()
                                    } else {
                                        c.before.clone()
                                    };
                                    view! {
                                        <li data-key=c
                                            .key
                                            .key()>
                                            {format!(
                                                "{}: {} → {} (line {}): {}",
                                                c.key.key(),
                                                before,
                                                c.after,
                                                c.line,
                                                c.why,
                                            )}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                })}
            <ul class="config-report" data-testid="log-notes">
                {v
                    .unused
                    .iter()
                    .map(|u| view! { <li>{format!("line {} not used: {}", u.line, u.why)}</li> })
                    .collect_view()}
                {v.notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view()}
            </ul>
        </div>
    }
}
