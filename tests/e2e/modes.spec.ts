import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { test, expect, ready, rowBytes, totalBytes, ARTIFACTS } from "./fixtures";

const LLAMA2 = "layers=32&hidden=4096&heads=32&vocab=32000";

test("training: activations follow batch and recomputation, and a suggested change is applied", async ({ page }) => {
  await page.goto(`./?${LLAMA2}&batch=2&seq=4096&gpus=8&zero=1`);
  await ready(page);
  await expect(page.locator(".derived-hint")).toContainText("6,738,415,616");
  const acts = await rowBytes(page, "activations");
  await page.getByLabel("Micro-batch per device", { exact: true }).fill("4");
  await expect.poll(() => rowBytes(page, "activations")).toBe(2 * acts);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "false");

  // The ranked savings come from the core, recomputed 120 ms after the last change; applying
  // one updates the form, the link and the total.
  await page.waitForTimeout(400);
  const savings = page.locator(".savings li");
  await expect(savings.first()).toBeVisible();
  const fitting = page.locator(".savings li.fits").first();
  await expect(fitting).toBeVisible();
  const query = await fitting.getAttribute("data-saving");
  await fitting.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "true");
  for (const part of query!.split("&")) await expect(page).toHaveURL(new RegExp(part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-train.png`, fullPage: true });
});

test("fine-tuning: QLoRA trains only the adapters on a 4-bit base", async ({ page }) => {
  await page.goto(`./?mode=finetune&${LLAMA2}&lora_rank=64&quant=nf4&gpu=rtx4090&seq=1024`);
  await ready(page);
  // 159,907,840 adapter parameters (rank 64 on every linear layer), AdamW: 8 bytes each.
  expect(await rowBytes(page, "optimizer")).toBe(159_907_840 * 8);
  expect(await rowBytes(page, "gradients")).toBe(159_907_840 * 2);
  await expect(page.locator('[data-fact="params"]')).toContainText("159,907,840 trainable");
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "true");
  await expect(page.getByLabel("LoRA rank", { exact: true })).toHaveValue("64");
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-finetune.png`, fullPage: true });
});

test("inference: the KV cache is grouped-query aware and the longest context is given", async ({ page }) => {
  await page.goto("./?mode=infer&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&dtype=fp16&seq=8192");
  await ready(page);
  expect(await rowBytes(page, "kv_cache")).toBe(2 * 32 * 8 * 128 * 8192 * 2);
  await expect(page.locator('[data-fact="max-seq"]')).toContainText("tokens");
  // Training-only fields are not shown for inference; inference ones are.
  await expect(page.getByLabel("Optimizer", { exact: true })).toHaveCount(0);
  await page.getByLabel("Weight quantization", { exact: true }).selectOption("q4_k_m");
  await expect.poll(() => rowBytes(page, "weights")).toBe(Math.ceil((8_030_261_248 * 4840) / 8000));
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-infer.png`, fullPage: true });
});

test("memcalc and the page agree on shared links", async ({ page }) => {
  const bin = "target/debug/memcalc";
  expect(existsSync(bin), "memcalc is built by the native test step").toBe(true);
  const links = [
    "v=1",
    `v=1&mode=infer&${LLAMA2}&quant=q4_k_m&batch=8&seq=4096&gpu=a100-40`,
    `v=1&mode=finetune&${LLAMA2}&lora_rank=16&quant=nf4&gpu=rtx4090`,
    "v=1&params=70B&gpus=64&tp=8&pp=2&zero=1&recompute=selective&flash_attention=off&dropout=on&seq=4096",
    "v=1&params=13B&gpus=8&zero=2&offload=optimizer&host_mem=1024&dataset=40GB&dataset_on=host",
    "v=1&mode=sim&method=particles&particles=2.5M&atom_style=full&density=0.1&cutoff=10&skin=2&long_range=pme&ranks=512&nodes=8",
    "v=1&mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&steps=1000&output_every=10&compression=4&adjoint=checkpoint",
  ];
  for (const link of links) {
    await page.goto(`./?${link}`);
    await ready(page);
    const pageRows = await page.locator("[data-component]").evaluateAll((els) =>
      Object.fromEntries(els.map((e) => [e.getAttribute("data-component"), Number(e.getAttribute("data-bytes"))])),
    );
    let out: string;
    try {
      out = execFileSync(bin, ["--json", page.url()], { encoding: "utf8" });
    } catch (e: any) {
      out = e.stdout; // exit status 1 means "does not fit", still valid output
    }
    const cli = JSON.parse(out);
    expect(cli.per_device_bytes, link).toBe(await totalBytes(page));
    expect(Object.fromEntries(cli.components.map((c) => [c.id, c.bytes])), link).toEqual(pageRows);
  }
});
