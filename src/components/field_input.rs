use leptos::prelude::*;
use memcalc_core::schema::fields::{options, reading, toggle_value, Field, FieldKind};

/// One labelled input bound to the raw text of a field; its error is shown beside it.
#[component]
pub fn FieldInput(
    /// What the field is (key, label, kind, help), from the core's field table.
    field: &'static Field,
    /// The raw text the user typed (or the link carried).
    #[prop(into)]
    value: Signal<String>,
    /// The validation message for this field, if it is invalid.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// Fixed by the embedding page: shown, not editable.
    #[prop(optional)]
    locked: bool,
    /// The help shown under the field (it depends on the mode).
    #[prop(into)]
    help: Signal<&'static str>,
    /// The label in this mode (default: the field's own).
    #[prop(optional)]
    label: Option<&'static str>,
    /// A select's options in this mode (default: every option of the field).
    #[prop(optional)]
    choices: Option<Vec<(&'static str, &'static str)>>,
) -> impl IntoView {
    let on_change = crate::page::Page::get().change;
    let id = format!("field-{}", field.key);
    if locked {
        return locked_fact(field, id, value, error, label, choices).into_any();
    }
    let help_id = format!("{id}-help");
    let error_id = format!("{id}-error");
    let key = field.key;
    let fid = field.id;
    let invalid = move || error.with(Option::is_some);
    let reading_id = format!("{id}-reading");
    let described = if field.kind == FieldKind::Tokens {
        format!("{help_id} {reading_id} {error_id}")
    } else {
        format!("{help_id} {error_id}")
    };

    let control = match field.kind {
        FieldKind::Select => {
            let opts = choices.unwrap_or_else(|| options(fid));
            // A link's other spelling (`dtype=bfloat16`, `gpu=H100`) selects its option.
            let shown = Memo::new(move |_| value.with(|v| field.canonical(v)));
            view! {
                <select
                    id=id.clone()
                    disabled=locked
                    name=key
                    aria-describedby=described.clone()
                    aria-invalid=move || invalid().to_string()
                    on:change=move |ev| on_change.run((fid, event_target_value(&ev)))
                >
                    {opts
                        .into_iter()
                        .map(|(opt, label)| {
                            view! {
                                <option
                                    value=opt
                                    selected=move || shown.with(|v| v.eq_ignore_ascii_case(opt))
                                >
                                    {label}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            }
            .into_any()
        }
        FieldKind::Search => {
            // A text input with the options as suggestions: the browser filters them as the
            // user types (by id or label), and any id typed in full works too.
            let list_id = format!("{id}-list");
            let opts = options(fid);
            view! {
                <input
                    type="text"
                    id=id.clone()
                    readonly=locked
                    name=key
                    list=list_id.clone()
                    autocomplete="off"
                    spellcheck="false"
                    placeholder=field.placeholder()
                    aria-describedby=described.clone()
                    aria-invalid=move || invalid().to_string()
                    prop:value=move || value.get()
                    on:input=move |ev| on_change.run((fid, event_target_value(&ev)))
                />
                <datalist id=list_id>
                    {opts
                        .into_iter()
                        .map(|(opt, label)| view! { <option value=opt>{label}</option> })
                        .collect_view()}
                </datalist>
            }
            .into_any()
        }
        FieldKind::Toggle => view! {
            <input
                type="checkbox"
                id=id.clone()
                disabled=locked
                name=key
                aria-describedby=described.clone()
                // Read as the estimate reads it, so `mixed=ON` in a link shows as checked.
                prop:checked=move || value.with(|v| toggle_value(v) == Some(true))
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    on_change.run((fid, if on { "on" } else { "off" }.to_string()))
                }
            />
        }
        .into_any(),
        FieldKind::Count
        | FieldKind::Tokens
        | FieldKind::Size { .. }
        | FieldKind::Number { .. } => {
            let unit = match field.kind {
                FieldKind::Size { unit } | FieldKind::Number { unit } => Some(unit),
                _ => None,
            };
            view! {
                <span class="with-unit">
                    <input
                        type="text"
                        id=id.clone()
                        readonly=locked
                        name=key
                        inputmode="decimal"
                        autocomplete="off"
                        spellcheck="false"
                        aria-describedby=described.clone()
                        aria-invalid=move || invalid().to_string()
                        prop:value=move || value.get()
                        on:input=move |ev| on_change.run((fid, event_target_value(&ev)))
                    />
                    {unit
                        .map(|u| {
                            view! {
                                <span class="unit" aria-hidden="true">
                                    {u}
                                </span>
                            }
                        })}
                </span>
            }
            .into_any()
        }
    };

    view! {
        <div
            class="field"
            class:locked=locked
            class:invalid=invalid
            class:toggle=matches!(field.kind, FieldKind::Toggle)
        >
            <label for=id>{label.unwrap_or(field.label)}</label>
            {control}
            // A token count says how it read a suffix: "32k" is 32,768 tokens, as model cards mean.
            {(field.kind == FieldKind::Tokens)
                .then(|| {
                    view! {
                        <p class="reading" id=reading_id data-testid=format!("reading-{key}")>
                            {move || value.with(|v| reading(fid, v))}
                        </p>
                    }
                })}
            <p class="help" id=help_id>
                {move || help.get()}
            </p>
            <p class="error" id=error_id role="alert">
                {move || error.get()}
            </p>
        </div>
    }
    .into_any()
}

/// A field the embedding page fixed, as a compact fact ("Serving engine: llama.cpp"): no
/// control and no help about editing it, which contradicted the lock (issue 39).
fn locked_fact(
    field: &'static Field,
    id: String,
    value: Signal<String>,
    error: Signal<Option<String>>,
    label: Option<&'static str>,
    choices: Option<Vec<(&'static str, &'static str)>>,
) -> impl IntoView {
    let fid = field.id;
    let unit = match field.kind {
        FieldKind::Size { unit } | FieldKind::Number { unit } => Some(unit),
        _ => None,
    };
    let opts = (field.kind == FieldKind::Select).then(|| choices.unwrap_or_else(|| options(fid)));
    let shown = move || {
        value.with(|v| {
            let v = v.trim();
            // Empty: a count the others give (the parameters from the architecture), or no
            // released model named.
            if v.is_empty() {
                let none = field.kind == FieldKind::Search;
                return (if none { "none" } else { "derived" }).to_string();
            }
            match (field.kind, &opts) {
                (FieldKind::Select, Some(opts)) => {
                    let c = field.canonical(v);
                    opts.iter()
                        .find(|(o, _)| o.eq_ignore_ascii_case(&c))
                        .map_or(v.to_string(), |(_, l)| l.to_string())
                }
                (FieldKind::Toggle, _) => {
                    let on = toggle_value(v) == Some(true);
                    (if on { "on" } else { "off" }).to_string()
                }
                _ => match unit {
                    Some(u) if v.chars().last().is_some_and(|c| c.is_ascii_digit()) => {
                        format!("{v} {u}")
                    }
                    _ => v.to_string(),
                },
            }
        })
    };
    view! {
        <div
            class="field locked"
            data-testid=format!("locked-{}", field.key)
            title="Fixed by this page"
        >
            <p class="fact-line">
                <span class="fact-label">{label.unwrap_or(field.label)}": "</span>
                <output id=id.clone() class="fact-value">
                    {shown}
                </output>
            </p>
            <p class="error" id=format!("{id}-error") role="alert">
                {move || error.get()}
            </p>
        </div>
    }
}
