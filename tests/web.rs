//! Component tests in a real browser: `cargo test --target wasm32-unknown-unknown` with
//! CHROMEDRIVER set runs them in headless Chromium.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use memcalc_app::Calculator;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

#[path = "web/first_screen.rs"]
mod first_screen;

/// Lets Leptos run its scheduled effects and the browser lay out.
async fn settle() {
    // One frame first: the parts below the answer are built after the first paint.
    let frame = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .request_animation_frame(&resolve)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(frame).await.unwrap();
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 30)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}

fn mount(query: &'static str) -> Element {
    // The time answers linked in, in place of the wasm the built page fetches (src/time.rs).
    memcalc_app::time::answer_with(memcalc_worker::time_answer);
    memcalc_app::time::plan_with(memcalc_worker::plan_answer);
    memcalc_app::time::launch_with(memcalc_worker::launch_rows);
    // The log box's answers likewise, in place of the wasm it fetches when used (src/log.rs).
    memcalc_app::log::answer_with(memcalc_log::answer);
    let doc = web_sys::window().unwrap().document().unwrap();
    let host = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&host).unwrap();
    let handle = leptos::mount::mount_to(host.clone().unchecked_into::<HtmlElement>(), move || {
        view! { <Calculator initial_query=query /> }
    });
    handle.forget();
    host
}

fn find(host: &Element, selector: &str) -> Element {
    host.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
}

fn total_bytes(host: &Element) -> String {
    find(host, "[data-testid=total]")
        .get_attribute("data-bytes")
        .unwrap()
}

fn row_bytes(host: &Element, id: &str) -> String {
    find(host, &format!("[data-component={id}]"))
        .get_attribute("data-bytes")
        .unwrap()
}

/// The sum of the device rows, as the total must be.
fn device_rows_sum(host: &Element) -> u64 {
    let rows = host
        .query_selector_all("[data-component][data-location=device]")
        .unwrap();
    (0..rows.length())
        .map(|i| {
            let el: Element = rows.item(i).unwrap().unchecked_into();
            el.get_attribute("data-bytes")
                .unwrap()
                .parse::<u64>()
                .unwrap()
        })
        .sum()
}

fn fire(el: &Element, kind: &str) {
    let init = EventInit::new();
    init.set_bubbles(true);
    el.dispatch_event(&Event::new_with_event_init_dict(kind, &init).unwrap())
        .unwrap();
}

/// Opens every fold of settings, as a user clicking "More settings": a fold's fields are built
/// when it first opens (src/components/scenario_form.rs).
async fn unfold_all(host: &Element) {
    let folds = host.query_selector_all("details.advanced").unwrap();
    for i in 0..folds.length() {
        let d: web_sys::HtmlDetailsElement = folds.item(i).unwrap().unchecked_into();
        d.set_open(true);
    }
    settle().await;
}

fn type_into(host: &Element, key: &str, text: &str) {
    let input: HtmlInputElement = find(host, &format!("#field-{key}")).unchecked_into();
    input.set_value(text);
    fire(&input, "input");
}

#[wasm_bindgen_test]
async fn typing_a_parameter_count_updates_total_and_rows() {
    let host = mount("mode=infer&params=1B&dtype=fp16&overhead=0&runtime=0");
    settle().await;
    assert_eq!(row_bytes(&host, "weights"), "2000000000");
    let before = total_bytes(&host);
    type_into(&host, "params", "7B");
    settle().await;
    assert_eq!(row_bytes(&host, "weights"), "14000000000");
    assert_ne!(total_bytes(&host), before);
    assert_eq!(total_bytes(&host), device_rows_sum(&host).to_string());
}

#[wasm_bindgen_test]
async fn choosing_an_optimizer_changes_the_optimizer_row() {
    let host = mount("params=1B&overhead=0&runtime=0");
    settle().await;
    let row = |h: &Element| {
        find(h, "[data-component=optimizer]")
            .get_attribute("data-bytes")
            .unwrap()
    };
    assert_eq!(row(&host), "8000000000");
    let select: HtmlSelectElement = find(&host, "#field-optimizer").unchecked_into();
    select.set_value("sgd");
    fire(&select, "change");
    settle().await;
    assert_eq!(row(&host), "0");
}

#[wasm_bindgen_test]
async fn invalid_text_is_kept_flagged_and_the_estimate_leaves_it_out() {
    let host = mount("mode=infer&params=1B&dtype=fp16&overhead=0&runtime=0");
    settle().await;
    type_into(&host, "params", "1.");
    settle().await;
    let input: HtmlInputElement = find(&host, "#field-params").unchecked_into();
    assert_eq!(
        input.value(),
        "1.",
        "what the user typed is never rewritten"
    );
    type_into(&host, "params", "banana");
    settle().await;
    assert_eq!(input.value(), "banana");
    let alert = find(&host, "#field-params-error");
    assert_eq!(alert.get_attribute("role").as_deref(), Some("alert"));
    assert!(alert
        .text_content()
        .unwrap()
        .contains("'banana' is not a count"));
    // Issue 29: never the half-typed value's figures (params=1.) as if current; the estimate
    // takes the base's count (7B) for the field it leaves out, names it, and is marked stale.
    assert_eq!(
        row_bytes(&host, "weights"),
        "14000000000",
        "the estimate takes the base's 7B for the invalid params"
    );
    assert!(find(&host, "[data-testid=left-out]")
        .text_content()
        .unwrap()
        .starts_with("Estimate without Parameters"));
    assert_eq!(
        find(&host, "[data-testid=verdict]")
            .get_attribute("data-stale")
            .as_deref(),
        Some("true")
    );
}

#[wasm_bindgen_test]
async fn units_switch_every_size_at_once() {
    let host = mount("mode=infer&params=1B&dtype=fp16&overhead=0&runtime=0");
    settle().await;
    let weights = || {
        find(&host, "[data-component=weights] td.num")
            .text_content()
            .unwrap()
    };
    assert_eq!(weights(), "1.86 GiB");
    let gb: HtmlInputElement = find(&host, "[data-testid=units] input[value=GB]").unchecked_into();
    gb.click();
    settle().await;
    assert_eq!(weights(), "2.00 GB");
    assert!(find(&host, "[data-testid=total]")
        .text_content()
        .unwrap()
        .ends_with(" GB"));
    // Bytes in the contract attributes never change with the units.
    assert_eq!(row_bytes(&host, "weights"), "2000000000");
}

#[wasm_bindgen_test]
async fn a_measured_peak_can_be_kept_as_a_calibration_row() {
    let host = mount(
        "mode=infer&params=1B&dtype=fp16&overhead=0&runtime=0&measured=4&measured_kind=nvidia_smi",
    );
    settle().await;
    let check = find(&host, "[data-testid=check]");
    assert!(check
        .get_attribute("data-error-bp")
        .unwrap()
        .starts_with('-'));
    let keep: HtmlElement = find(&host, "[data-testid=keep-calibration]").unchecked_into();
    keep.click();
    settle().await;
    assert_eq!(
        total_bytes(&host),
        (4u64 << 30).to_string(),
        "the total now matches the measurement"
    );
    assert_eq!(
        find(&host, "[data-testid=check]")
            .get_attribute("data-error-bp")
            .as_deref(),
        Some("0")
    );
    assert_eq!(total_bytes(&host), device_rows_sum(&host).to_string());
}

#[wasm_bindgen_test]
async fn an_opened_explanation_stays_open_while_numbers_change() {
    let host = mount("mode=infer&params=1B");
    settle().await;
    let details: web_sys::HtmlDetailsElement =
        find(&host, "[data-component=weights] details.explain").unchecked_into();
    details.set_open(true);
    type_into(&host, "params", "2B");
    settle().await;
    let after: web_sys::HtmlDetailsElement =
        find(&host, "[data-component=weights] details.explain").unchecked_into();
    assert!(after.open());
    assert_eq!(row_bytes(&host, "weights"), "4000000000");
}

/// A toggle is read the same way by the checkbox and the estimate, whatever its case: once the
/// box was read case-sensitively, so `mixed=ON` counted as on but showed unchecked.
#[wasm_bindgen_test]
async fn a_toggle_in_capitals_shows_checked_as_the_estimate_counts_it() {
    let lower = mount("params=1B&mixed=on");
    settle().await;
    for (query, on) in [
        ("params=1B&mixed=ON", true),
        ("params=1B&mixed=Yes", true),
        ("params=1B&mixed=OFF", false),
    ] {
        let host = mount(query);
        settle().await;
        unfold_all(&host).await;
        let input: HtmlInputElement = find(&host, "#field-mixed").unchecked_into();
        assert_eq!(input.checked(), on, "{query}");
        assert_eq!(total_bytes(&host) == total_bytes(&lower), on, "{query}");
    }
}

/// The time line beside the verdict names its bound, follows a bandwidth typed into the form,
/// keeps its opened fold, and while the typed value is invalid leaves it out, stale.
#[wasm_bindgen_test]
async fn the_time_line_follows_the_bandwidth_and_keeps_its_fold_open() {
    let host = mount("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpu_bw=2000");
    settle().await;
    let line = find(&host, "[data-testid=speed]");
    assert_eq!(
        line.get_attribute("data-bound").as_deref(),
        Some("memory_bandwidth")
    );
    let details: web_sys::HtmlDetailsElement =
        find(&host, "[data-testid=speed] details.explain").unchecked_into();
    details.set_open(true);
    settle().await;
    let formula = || {
        find(&host, "[data-term=decode_memory] .formula")
            .text_content()
            .unwrap_or_default()
    };
    assert!(formula().contains("2 TB/s"), "{}", formula());
    unfold_all(&host).await;
    type_into(&host, "gpu_bw", "0");
    settle().await;
    let line = find(&host, "[data-testid=speed]");
    assert_eq!(line.get_attribute("data-stale").as_deref(), Some("true"));
    type_into(&host, "gpu_bw", "1000");
    settle().await;
    let line = find(&host, "[data-testid=speed]");
    assert_eq!(line.get_attribute("data-stale").as_deref(), Some("false"));
    let after: web_sys::HtmlDetailsElement =
        find(&host, "[data-testid=speed] details.explain").unchecked_into();
    assert!(after.open());
    assert!(formula().contains("1 TB/s"), "{}", formula());
}

#[wasm_bindgen_test]
async fn a_pasted_log_fills_the_form_through_the_log_answer_and_its_patch() {
    let host = mount("mode=infer&params=1B&dtype=fp16&overhead=0&runtime=0");
    settle().await;
    let fold: web_sys::HtmlDetailsElement = find(&host, "[data-testid=log-paste]").unchecked_into();
    fold.set_open(true);
    settle().await;
    let area: web_sys::HtmlTextAreaElement = find(&host, "[data-testid=log-text]").unchecked_into();
    area.set_value(include_str!(
        "../crates/memcalc-core/tests/logs/vllm-0.6.5-v0-pr10511.log"
    ));
    let read: HtmlElement = find(&host, "[data-testid=log-read]").unchecked_into();
    read.click();
    settle().await;
    settle().await;
    let headline = find(&host, "[data-testid=log-headline]")
        .text_content()
        .unwrap();
    assert!(headline.contains("Recognised a vLLM"), "{headline}");
    assert!(host
        .query_selector("[data-testid=log-filled] li[data-key=runtime]")
        .unwrap()
        .is_some());
    // The patch was applied: the runtime field now holds the log's figure.
    unfold_all(&host).await;
    let runtime: HtmlInputElement = find(&host, "#field-runtime").unchecked_into();
    assert_eq!(runtime.value(), "1833");
}
