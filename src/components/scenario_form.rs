use leptos::prelude::*;
use memcalc_core::schema::fields::{Field, FieldId, Group, FIELDS};
use memcalc_core::{FieldError, Mode};

use super::FieldInput;
use crate::page::Page;

/// The inputs, grouped: each group shows its essentials and folds its advanced settings; fields
/// that do not apply to the current mode are left out.
#[component]
pub fn ScenarioForm(
    /// Current validation errors, by field.
    #[prop(into)]
    errors: Signal<Vec<FieldError>>,
    /// The mode in force (decides which fields apply).
    #[prop(into)]
    mode: Signal<Mode>,
    /// The simulation method in force (decides which simulation fields apply).
    #[prop(into)]
    method: Signal<memcalc_core::schema::Method>,
    /// The network family in force (decides which shape fields apply).
    #[prop(into)]
    model: Signal<memcalc_core::schema::ModelKind>,
    /// Hint under the parameter count, e.g. the count derived from the architecture.
    #[prop(into)]
    params_hint: Signal<Option<String>>,
    /// Whether the scenario's groups are shown (`show=form`).
    #[prop(optional)]
    form: bool,
    /// Whether the "Check against a measurement" group is shown (`show=check`; not implied by
    /// `form`, issue 39).
    #[prop(optional)]
    check: bool,
) -> impl IntoView {
    let Page { inputs, locked, .. } = Page::get();
    // A memo, not a read of `inputs` inside the groups: that read re-ran every group on every
    // keystroke, rebuilding the whole form (40 ms and more per keystroke, bench/page.mjs).
    let visibility =
        Memo::new(move |_| inputs.with(memcalc_core::explain::wording::Visibility::of));
    let field_view = move |f: &'static Field| {
        let id = f.id;
        let is_locked = locked.with_value(|l| l.contains(&id));
        view! {
            <FieldInput
                field=f
                // Memos: a keystroke in one field updates that field only.
                value=Memo::new(move |_| inputs.with(|i| i.get(id).to_string()))
                error=Memo::new(move |_| {
                    errors.with(|e| e.iter().find(|e| e.field == id).map(|e| e.message.clone()))
                })
                locked=is_locked
                help=Signal::derive(move || memcalc_core::explain::wording::field_help_for(
                    f,
                    mode.get(),
                    method.get(),
                ))
                // The group around it is rebuilt when the mode, the method or the device changes.
                label=memcalc_core::explain::wording::field_label_for(
                    f,
                    mode.get_untracked(),
                    method.get_untracked(),
                )
                choices=memcalc_core::explain::wording::options(
                    id,
                    mode.get_untracked(),
                    visibility.get_untracked(),
                    &inputs.with_untracked(|i| i.get(id).to_string()),
                )
            />
            {(id == FieldId::Params)
                .then(|| view! { <p class="derived-hint">{move || params_hint.get()}</p> })}
            {(id == FieldId::Framework).then(|| view! { <super::FrameworkImplied /> })}
        }
    };

    let shown_group = move |g: &Group| if *g == Group::Check { check } else { form };
    let group_view = move |group: Group| {
        move || {
            let (m, meth, net) = (mode.get(), method.get(), model.get());
            let visibility = visibility.get();
            let applies = |f: &&'static Field| {
                f.group == group
                    && f.applies_to(m, meth, net)
                    && memcalc_core::explain::wording::shown(f, m, visibility)
            };
            let essentials: Vec<&'static Field> = FIELDS
                .iter()
                .filter(|f| applies(f) && !f.advanced)
                .collect();
            let advanced: Vec<&'static Field> =
                FIELDS.iter().filter(|f| applies(f) && f.advanced).collect();
            if essentials.is_empty() && advanced.is_empty() {
                return None;
            }
            let adv_fields: Vec<FieldId> = advanced.iter().map(|f| f.id).collect();
            // An advanced field with an error must not hide inside a closed fold, and a fold the
            // user opened stays open: the page may open a fold, never close it (closing one
            // under the cursor would also drop the focus of the field being typed in).
            let fold = NodeRef::<leptos::html::Details>::new();
            let open = move || {
                errors.with(|e| e.iter().any(|e| adv_fields.contains(&e.field)))
                    || fold
                        .get_untracked()
                        .is_some_and(|d| d.has_attribute("open"))
            };
            let fold_label = if essentials.is_empty() {
                "Show settings"
            } else {
                "More settings"
            };
            // A fold's fields are built when it first opens (by the user, or by an error inside
            // it): closed, they were 637 of the page's 1,369 elements and 99 of its 124 fields,
            // each with memos that every keystroke re-ran (docs/performance.md). A fold with a
            // field the embedding page fixed is built at once: its facts are the page's content.
            let eager = advanced
                .iter()
                .any(|f| locked.with_value(|l| l.contains(&f.id)));
            let (now, later) = if eager {
                (Some(advanced.clone()), None)
            } else {
                (None, Some(advanced.clone()))
            };
            let on_toggle = crate::fold::on_first_open(move || {
                later.into_iter().flatten().map(field_view).collect_view()
            });
            Some(view! {
                <fieldset class="group">
                    <legend>{memcalc_core::explain::wording::group_label(group, m)}</legend>
                    {essentials.into_iter().map(field_view).collect_view()}
                    {(!advanced.is_empty())
                        .then(|| {
                            view! {
                                <details
                                    class="advanced"
                                    node_ref=fold
                                    prop:open=open
                                    on:toggle=on_toggle
                                >
                                    <summary>{fold_label}</summary>
                                    {now.into_iter().flatten().map(field_view).collect_view()}
                                </details>
                            }
                        })}
                </fieldset>
            })
        }
    };

    view! {
        <form class="scenario-form" on:submit=|ev| ev.prevent_default() novalidate>
            {Group::ALL.into_iter().filter(shown_group).map(group_view).collect_view()}
        </form>
    }
}
