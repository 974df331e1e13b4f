use leptos::prelude::*;
use memcalc_core::schema::hf_config::Imported;

/// Reads a Hugging Face config.json (pasted, dropped or chosen) into the architecture fields.
/// The core reads it and reports every key; this only moves text and shows the report.
#[component]
pub fn ConfigImport(
    /// Called with what the file describes: its architecture and weight format.
    on_import: Callback<Imported>,
) -> impl IntoView {
    let (text, set_text) = signal(String::new());
    let (report, set_report) = signal(Vec::<String>::new());
    let (error, set_error) = signal(None::<String>);
    let read = move |json: String| match memcalc_core::schema::hf_config::read(&json) {
        Ok(imported) => {
            set_report.set(imported.summary());
            on_import.run(imported);
            set_error.set(None);
        }
        Err(e) => {
            set_report.set(Vec::new());
            set_error.set(Some(e.to_string()));
        }
    };
    // A file's text arrives asynchronously: it fills the box and is read at once.
    let load = move |file: web_sys::File| {
        crate::browser::read_text(file, move |json| {
            set_text.set(json.clone());
            read(json);
        })
    };
    // Built when the fold first opens.
    let on_toggle = crate::fold::on_first_open(move || {
        view! {
            <div class="field">
                <label for="config-json">"Paste config.json, or drop the file here"</label>
                <textarea
                    id="config-json"
                    rows="6"
                    spellcheck="false"
                    autocomplete="off"
                    aria-describedby="config-json-help config-json-error"
                    prop:value=move || text.get()
                    on:input=move |ev| set_text.set(event_target_value(&ev))
                    on:dragover=move |ev: web_sys::DragEvent| ev.prevent_default()
                    on:drop=move |ev: web_sys::DragEvent| {
                        ev.prevent_default();
                        if let Some(f) = crate::browser::dropped_file(&ev) {
                            load(f);
                        }
                    }
                ></textarea>
                <p class="help" id="config-json-help">
                    "The architecture is read from it (the file itself is not kept: the link carries the fields). Every key it has is listed below: read, not needed and why, or not understood."
                </p>
                <div class="config-actions">
                    <button
                        type="button"
                        data-testid="config-read"
                        on:click=move |_| read(text.get())
                    >
                        "Read the config"
                    </button>
                    <label class="file-choice">
                        "Or choose the file "
                        <input
                            type="file"
                            accept=".json,application/json"
                            data-testid="config-file"
                            on:change=move |ev| {
                                if let Some(f) = crate::browser::chosen_file(&ev) {
                                    load(f);
                                }
                            }
                        />
                    </label>
                </div>
                <p class="error" id="config-json-error" role="alert" data-testid="config-error">
                    {move || error.get()}
                </p>
                <ul class="config-report" data-testid="config-report">
                    {move || {
                        report
                            .get()
                            .into_iter()
                            .map(|line| view! { <li>{line}</li> })
                            .collect_view()
                    }}
                </ul>
            </div>
        }
    });
    view! {
        <details class="config-import" data-testid="config-import" on:toggle=on_toggle>
            <summary>"Import a Hugging Face config.json"</summary>
        </details>
    }
}
