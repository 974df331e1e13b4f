use leptos::html::Textarea;
use leptos::prelude::*;
use memcalc_core::answers::log::{check, Reader};
use memcalc_core::report::log_check::{view as log_view, LogView};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::page::Page;

/// Bytes read per slice: a large paste is read a slice per timer tick, so the page stays
/// responsive (a 20 MB log is about 80 slices).
const SLICE: usize = 256 * 1024;

/// Reads `text` a slice at a time, then calls `done` with the reading.
fn read_in_slices(
    text: std::rc::Rc<String>,
    at: usize,
    mut reader: Reader,
    progress: WriteSignal<Option<u8>>,
    done: impl FnOnce(Reader) + 'static,
) {
    let mut end = (at + SLICE).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    reader.feed(&text[at..end]);
    if end >= text.len() {
        progress.set(None);
        done(reader);
        return;
    }
    progress.set(Some((end * 100 / text.len().max(1)) as u8));
    set_timeout(
        move || read_in_slices(text, end, reader, progress, done),
        std::time::Duration::ZERO,
    );
}

/// "Paste a log": a run's log (pasted, dropped or chosen) read in the browser by the core's
/// recognisers; the keys it states fill the form as one step, and the part-by-part check and
/// the calibration are shown. This only moves text and shows the core's words.
#[component]
pub fn LogPaste() -> impl IntoView {
    let page = Page::get();
    let area = NodeRef::<Textarea>::new();
    let (answer, set_answer) = signal(None::<LogView>);
    let (progress, set_progress) = signal(None::<u8>);
    let read = move |text: String| {
        let base = page.inputs.get_untracked();
        let text = std::rc::Rc::new(text);
        set_answer.set(None);
        read_in_slices(text, 0, Reader::new(), set_progress, move |reader| {
            let a = check::answer_of(reader.finish(), &base);
            let locked = page.locked.get_value();
            let patch = a.patch(&base, &locked);
            if !patch.is_empty() {
                page.apply.run(patch);
            }
            set_answer.set(Some(log_view(&a, page.units.get_untracked())));
        });
    };
    // A file's text arrives asynchronously; it is read at once and not put in the box (a large
    // file would only slow the page down there).
    let load = move |file: web_sys::File| {
        let done = Closure::once(move |v: JsValue| read(v.as_string().unwrap_or_default()));
        let _ = file.text().then(&done);
        done.forget();
    };
    let on_toggle = crate::fold::on_first_open(move || {
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
                        if let Some(f) = ev
                            .data_transfer()
                            .and_then(|d| d.files())
                            .and_then(|l| l.get(0))
                        {
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
                                let input: Option<web_sys::HtmlInputElement> = ev
                                    .target()
                                    .and_then(|t| t.dyn_into().ok());
                                if let Some(f) = input
                                    .and_then(|i| i.files())
                                    .and_then(|l| l.get(0))
                                {
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
                        <h3>"Filled from the log"</h3>
                        <ul class="config-report" data-testid="log-filled">
                            {v
                                .filled
                                .iter()
                                .map(|f| {
                                    view! {
                                        <li data-key=f.key>
                                            <code>{format!("{} = {}", f.key, f.value)}</code>
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
                                        <li data-key=r.key class="refused">
                                            {format!(
                                                "not used: {} = {} (line {}): {}",
                                                r.key,
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
                                v.kept.join(", "),
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
                                            data-figure=c.figure
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
                                            .key>
                                            {format!(
                                                "{}: {} → {} (line {}): {}",
                                                c.key,
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
