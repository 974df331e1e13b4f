use leptos::html::Dialog;
use leptos::prelude::*;
use memcalc_core::report::compare::with_comparison;
use memcalc_core::report::{
    file_name, page_words, title, to_csv_with_time, to_json_with_time, to_markdown_with_time,
    Origin, TimeExport,
};
use memcalc_core::schema::fields::FieldId;
use memcalc_core::schema::page::{lock_choices, PageOptions, Part, Parts, Theme};

use crate::browser;
use crate::page::Page;

/// Quotes a query for a POSIX shell.
fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// The link (copy), the embed code, the breakdown as JSON, CSV, Markdown and PNG, and the
/// equivalent `memcalc` command.
#[component]
pub fn SharePanel() -> impl IntoView {
    let Page {
        link,
        scenario,
        estimate,
        units,
        embedded,
        theme,
        time,
        ..
    } = Page::get();
    // The time answer's sections of the exports (the core worker writes them with the CLI's
    // functions), so the page's JSON, CSV and Markdown are `memcalc`'s documents for the link.
    let section = move |f: fn(&TimeExport) -> &String| {
        time.with(|a| {
            a.as_ref()
                .and_then(|a| a.export.as_ref())
                .map(|x| f(x).clone())
        })
    };
    // The comparison's sections (issue 41), with kept setups (`cmp=`): every column.
    let compared = move |f: fn(&TimeExport) -> &String| {
        time.with(|a| {
            a.as_ref()
                .and_then(|a| a.compare_export.as_ref())
                .map(|x| f(x).clone())
        })
    };
    let full_url = move || format!("{}?{}", browser::page_base(), link.get());
    // Every export carries the link that reopens it and the inputs that differ from defaults.
    let origin = move || scenario.with(|s| Origin::new(s, full_url()));
    // What the page had to say after a copy: confirmation, or the text to copy by hand.
    let (status, set_status) = signal::<Option<(bool, String)>>(None);
    let copy = move |text: String, what: &'static str| {
        let copied = text.clone();
        browser::copy(&copied, move |ok| {
            set_status.set(Some(if ok {
                (true, page_words::copied(what))
            } else {
                (false, text)
            }));
        });
    };
    let command = move || format!("memcalc {}", shell_quote(&link.get()));
    let name = move |ext: &str| scenario.with(|s| file_name(s, ext));
    let dialog = NodeRef::<Dialog>::new();
    // The parts the embed shows; the share panel, the measurement check and the timeline (issue
    // 42: embeds keep what they showed) are off by default there.
    let (parts, set_parts) = signal(
        Parts::ALL
            .with(Part::Share, false)
            .with(Part::Check, false)
            .with(Part::Timeline, false),
    );
    // The embed's theme (`theme=`, to match the host page) and its first height before the frame
    // sizes itself (the iframe's `height`, embed.js's `data-height`).
    let (embed_theme, set_embed_theme) = signal(Theme::Auto);
    let (height, set_height) = signal(900u32);
    // The dialog's own copy status: a modal dialog makes the page behind it inert, so the
    // panel's status line under it was neither seen nor announced (issue 39).
    let (dialog_status, set_dialog_status) = signal::<Option<(bool, String)>>(None);
    let copy_embed = move |text: String, what: &'static str| {
        let copied = text.clone();
        browser::copy(&copied, move |ok| {
            set_dialog_status.set(Some(if ok {
                (true, page_words::copied(what))
            } else {
                (false, text)
            }));
        });
    };
    // The fields the embed fixes, in the order they were ticked.
    let (locks, set_locks) = signal(Vec::<FieldId>::new());
    // Rebuilt only when the mode, method or network family changes what can be locked.
    let choices = Memo::new(move |_| scenario.with(lock_choices));
    let embed_code = move || {
        let page = PageOptions {
            embed: true,
            show: parts.get(),
            lock: locks.get(),
            theme: embed_theme.get(),
            ..PageOptions::default()
        };
        let src = format!(
            "{}?{}{}",
            browser::page_base(),
            link.get(),
            page.query_suffix()
        );
        format!(
            "<iframe src=\"{}\" title=\"Memory calculator\" style=\"width:100%;border:0\" height=\"{}\" loading=\"lazy\" sandbox=\"allow-scripts allow-popups allow-popups-to-escape-sandbox allow-downloads\" allow=\"clipboard-write\"></iframe>\n<script>\naddEventListener(\"message\", function (e) {{\n  if (!e.data || e.data.type !== \"memcalc:height\") return;\n  document.querySelectorAll(\"iframe\").forEach(function (f) {{\n    if (f.contentWindow === e.source) f.style.height = e.data.height + \"px\";\n  }});\n}});\n</script>",
            src.replace('&', "&amp;"),
            height.get()
        )
    };

    // The same embed as one line: embed.js (shipped beside the build) writes the frame and
    // keeps it sized (docs/embedding.md, "One line").
    let embed_script = move || {
        let page = PageOptions {
            show: parts.get(),
            lock: locks.get(),
            theme: embed_theme.get(),
            ..PageOptions::default()
        };
        let base = browser::page_base();
        let dir = &base[..base.rfind('/').map_or(0, |i| i + 1)];
        // embed.js's own first height is 900 px: only another is written.
        let h = height.get();
        let data_height = if h == 900 {
            String::new()
        } else {
            format!(" data-height=\"{h}\"")
        };
        format!(
            "<script src=\"{dir}embed.js\" data-query=\"{}{}\"{data_height}></script>",
            link.get(),
            page.query_suffix()
        )
        .replace('&', "&amp;")
    };

    view! {
        <section class="share" aria-labelledby="share-heading">
            <h3 id="share-heading">"Share and export"</h3>
            <div class="share-row">
                <input
                    type="text"
                    readonly
                    aria-label="Link to this calculation"
                    data-testid="share-link"
                    prop:value=full_url
                    on:focus=move |ev| {
                        use wasm_bindgen::JsCast;
                        if let Some(i) = ev
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                        {
                            i.select();
                        }
                    }
                />
                <button
                    type="button"
                    data-testid="copy-link"
                    on:click=move |_| copy(full_url(), "Link")
                >
                    "Copy link"
                </button>
            </div>
            <div class="share-row">
                <code
                    class="command"
                    data-testid="command"
                    tabindex="0"
                    aria-label="Equivalent memcalc command"
                >
                    {command}
                </code>
                <button
                    type="button"
                    data-testid="copy-command"
                    on:click=move |_| copy(command(), "Command")
                >
                    "Copy as command"
                </button>
            </div>
            <super::LaunchSettings on_copy=Callback::new(move |(t, w)| copy(t, w)) />
            <p class="status" role="status" aria-live="polite">
                {move || {
                    status
                        .get()
                        .map(|(ok, text)| {
                            if ok {
                                view! { <span data-testid="copied">{text}</span> }.into_any()
                            } else {
                                view! {
                                    <span>
                                        "The browser did not allow copying; select and copy this: "
                                        <input
                                            type="text"
                                            readonly
                                            prop:value=text
                                            class="manual-copy"
                                            aria-label="Text to copy"
                                        />
                                    </span>
                                }
                                    .into_any()
                            }
                        })
                }}
            </p>
            <div class="exports" role="group" aria-labelledby="exports-label">
                <span id="exports-label" class="muted">
                    "Download:"
                </span>
                <button
                    type="button"
                    data-testid="export-json"
                    on:click=move |_| browser::download_text(
                        &name("json"),
                        "application/json",
                        &with_comparison(
                            &estimate
                                .with(|e| to_json_with_time(
                                    e,
                                    &[],
                                    Some(&origin()),
                                    section(|x| &x.json).as_deref(),
                                )),
                            compared(|x| &x.json).as_deref(),
                        ),
                    )
                >
                    "JSON"
                </button>
                <button
                    type="button"
                    data-testid="export-csv"
                    on:click=move |_| browser::download_text(
                        &name("csv"),
                        "text/csv",
                        &estimate
                            .with(|e| to_csv_with_time(
                                e,
                                Some(&origin()),
                                Some(
                                        &format!(
                                            "{}{}",
                                            section(|x| &x.csv).unwrap_or_default(),
                                            compared(|x| &x.csv).unwrap_or_default(),
                                        ),
                                    )
                                    .filter(|t| !t.is_empty())
                                    .map(String::as_str),
                            )),
                    )
                >
                    "CSV"
                </button>
                <button
                    type="button"
                    data-testid="export-markdown"
                    on:click=move |_| browser::download_text(
                        &name("md"),
                        "text/markdown",
                        &format!(
                            "{}{}",
                            estimate
                                .with(|e| to_markdown_with_time(
                                    e,
                                    units.get(),
                                    Some(&origin()),
                                    section(|x| &x.markdown).as_deref(),
                                )),
                            compared(|x| &x.markdown).map(|m| format!("\n{m}")).unwrap_or_default(),
                        ),
                    )
                >
                    "Markdown"
                </button>
                <button
                    type="button"
                    data-testid="export-png"
                    on:click=move |_| {
                        let head = estimate.with(|e| scenario.with(|s| title(e, s, units.get())));
                        if let Some(url) = crate::canvas::titled_png(
                            &head,
                            theme.colours.get_untracked(),
                        ) {
                            browser::download_url(&name("png"), &url);
                        }
                    }
                >
                    "Chart as PNG"
                </button>
                {(!embedded)
                    .then(|| {
                        view! {
                            <button
                                type="button"
                                data-testid="embed-code"
                                on:click=move |_| {
                                    if let Some(d) = dialog.get() {
                                        let _ = d.show_modal();
                                    }
                                }
                            >
                                "Get embed code"
                            </button>
                        }
                    })}
            </div>
            <dialog node_ref=dialog class="embed-dialog" aria-labelledby="embed-heading">
                <h4 id="embed-heading">"Embed this calculation"</h4>
                <p>
                    "Paste this into your page. The frame sizes itself to its content; add "
                    <code>"&show=chart,table"</code> " to show only some parts, or "
                    <code>"&lock=params,gpu"</code> " to fix inputs (see docs/embedding.md)."
                </p>
                <fieldset class="embed-parts">
                    <legend>"Parts to show"</legend>
                    {Part::ALL
                        .map(|part| {
                            view! {
                                <label>
                                    <input
                                        type="checkbox"
                                        prop:checked=move || parts.get().contains(part)
                                        on:change=move |ev| {
                                            let on = event_target_checked(&ev);
                                            set_parts.update(|p| *p = p.with(part, on));
                                        }
                                    />
                                    {part.id()}
                                </label>
                            }
                        })
                        .collect_view()}
                </fieldset>
                <fieldset class="embed-locks" data-testid="embed-locks">
                    <legend>"Fixed for readers (lock)"</legend>
                    {move || {
                        choices
                            .get()
                            .into_iter()
                            .map(|id| {
                                view! {
                                    <label>
                                        <input
                                            type="checkbox"
                                            data-testid=format!("lock-{}", id.key())
                                            aria-label=format!("Lock {}", id.field().label)
                                            prop:checked=move || locks.with(|l| l.contains(&id))
                                            on:change=move |ev| {
                                                let on = event_target_checked(&ev);
                                                set_locks
                                                    .update(|l| {
                                                        l.retain(|k| *k != id);
                                                        if on {
                                                            l.push(id);
                                                        }
                                                    });
                                            }
                                        />
                                        {id.field().label}
                                    </label>
                                }
                            })
                            .collect_view()
                    }}
                </fieldset>
                <fieldset class="embed-look">
                    <legend>"Look"</legend>
                    <label>
                        "Theme "
                        <select
                            data-testid="embed-theme"
                            on:change=move |ev| {
                                if let Some(t) = Theme::from_id(&event_target_value(&ev)) {
                                    set_embed_theme.set(t)
                                }
                            }
                        >
                            {Theme::ALL
                                .map(|t| {
                                    view! {
                                        <option
                                            value=t.id()
                                            selected=move || embed_theme.get() == t
                                        >
                                            {match t {
                                                Theme::Auto => "The reader's (auto)",
                                                Theme::Light => "Light",
                                                Theme::Dark => "Dark",
                                            }}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </label>
                    <label>
                        "First height "
                        <input
                            type="number"
                            min="200"
                            max="20000"
                            step="50"
                            data-testid="embed-height"
                            prop:value=move || height.get().to_string()
                            on:input=move |ev| {
                                if let Ok(h) = event_target_value(&ev).trim().parse::<u32>() {
                                    if (200..=20_000).contains(&h) {
                                        set_height.set(h)
                                    }
                                }
                            }
                        /> " px"
                    </label>
                    <span class="muted">"(the frame then sizes itself to its content)"</span>
                </fieldset>
                <p>
                    <strong>"Recommended: one line"</strong>
                    ", with the script that writes the frame and keeps it sized:"
                </p>
                <textarea
                    readonly
                    rows="3"
                    data-testid="embed-script"
                    aria-label="Embed code in one line"
                    prop:value=embed_script
                ></textarea>
                <div class="share-row">
                    <button
                        type="button"
                        data-testid="copy-embed-script"
                        on:click=move |_| copy_embed(embed_script(), "One-line embed")
                    >
                        "Copy the one line"
                    </button>
                </div>
                <p>
                    "Or the frame and its height listener, where scripts from other sites are not allowed:"
                </p>
                <textarea
                    readonly
                    rows="9"
                    data-testid="embed-snippet"
                    aria-label="Embed code"
                    prop:value=embed_code
                ></textarea>
                <div class="share-row">
                    <button
                        type="button"
                        data-testid="copy-embed-iframe"
                        on:click=move |_| copy_embed(embed_code(), "Iframe code")
                    >
                        "Copy the iframe code"
                    </button>
                    <button
                        type="button"
                        on:click=move |_| {
                            if let Some(d) = dialog.get() {
                                d.close();
                            }
                        }
                    >
                        "Close"
                    </button>
                </div>
                <p class="status" role="status" aria-live="polite" data-testid="embed-status">
                    {move || {
                        dialog_status
                            .get()
                            .map(|(ok, text)| {
                                if ok {
                                    view! { <span data-testid="embed-copied">{text}</span> }
                                        .into_any()
                                } else {
                                    view! {
                                        <span>
                                            "The browser did not allow copying; select and copy this: "
                                            <input
                                                type="text"
                                                readonly
                                                prop:value=text
                                                class="manual-copy"
                                                aria-label="Embed code to copy"
                                            />
                                        </span>
                                    }
                                        .into_any()
                                }
                            })
                    }}
                </p>
            </dialog>
        </section>
    }
}
