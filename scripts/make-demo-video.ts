// npm run demo:video — the landing page's demo video, made from the real app.
//
// Starts Quanta on a fresh temporary data directory (demo market data), signs up and verifies a demo
// user in Debian's Chromium (1280×720), then records a short story as PNG screenshots, frame by frame:
// typing 'ECHF', clicking 'Analyze Stock', the loading messages, the report appearing, and a smooth
// scroll through the report (metrics, recommendation, chart, Trend Template). The frames are encoded
// with the system ffmpeg to src/web/public/demo/quanta-demo.{webm,mp4} (960 px wide, no audio) plus a
// poster JPEG. All three together must stay within 2 MB; the script lowers the quality until they do.
//
// Needs: /usr/bin/chromium (or CHROMIUM_PATH), ffmpeg on PATH (Debian: apt-get install ffmpeg), and the
// built web app in dist/web (built here with `vite build` when missing).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Browser, type Page } from "@playwright/test";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT_DIR = path.join(ROOT, "src/web/public/demo");
const PORT = Number(process.env.DEMO_PORT ?? 3620);
const APP_URL = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const VIEWPORT = { width: 1280, height: 720 };
const OUT_WIDTH = 960;
const FPS = 10;
const MAX_TOTAL_BYTES = 2 * 1024 * 1024;
const TICKER = "ECHF";
const DEMO_EMAIL = "demo@quanta.example";
const DEMO_PASSWORD = "quanta demo password 1";
/** How long the held analysis request stays open, so the loading messages (one per 1.5 s) are seen. */
const LOADING_MS = 2600;

/** Encoder settings, from the preferred one down to smaller ones, tried until the files fit in 2 MB. */
const QUALITY_STEPS = [
  { vp9Crf: 40, x264Crf: 30, fps: FPS },
  { vp9Crf: 44, x264Crf: 32, fps: FPS },
  { vp9Crf: 48, x264Crf: 34, fps: 8 },
  { vp9Crf: 52, x264Crf: 36, fps: 8 },
];

const temps: string[] = [];
let server: ChildProcess | undefined;
let browser: Browser | undefined;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.slice(0, 3).join(" ")}… exited with ${result.status}`);
}

function checkTools(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH).`);
  const ffmpeg = spawnSync("ffmpeg", ["-hide_banner", "-version"], { encoding: "utf8" });
  if (ffmpeg.error || ffmpeg.status !== 0) throw new Error("ffmpeg not found; on Debian: apt-get install -y ffmpeg");
  const encoders = spawnSync("ffmpeg", ["-hide_banner", "-encoders"], { encoding: "utf8" }).stdout;
  for (const codec of ["libvpx-vp9", "libx264"]) {
    if (!encoders.includes(codec)) throw new Error(`this ffmpeg has no ${codec} encoder`);
  }
}

async function startServer(): Promise<void> {
  if (!existsSync(path.join(ROOT, "dist/web/index.html"))) {
    console.log("dist/web is missing: building the web app…");
    run(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"]);
  }
  const dataDir = tempDir("quanta-demo-data-");
  // A clean environment: no SMTP, database or provider settings leak in from the caller's shell.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    APP_URL,
    LOG_LEVEL: "warn",
    MARKET_DATA_PROVIDER: "demo",
    DEMO_MARKET_SEED: "42",
  };
  server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise<never>((_, reject) => {
    server!.once("exit", (code) => reject(new Error(`the server exited early (code ${code}); is port ${PORT} free? (DEMO_PORT)`)));
  });
  exited.catch(() => undefined);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ready = await Promise.race([
      fetch(`${APP_URL}/readyz`).then((r) => r.ok, () => false),
      exited,
    ]);
    if (ready) return;
    await sleep(250);
  }
  throw new Error("the server did not become ready within 60 s");
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await gone;
  clearTimeout(timer);
}

interface MailboxMessage {
  to: string;
  subject: string;
  links: string[];
}

async function verificationLink(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { messages } = (await (await fetch(`${APP_URL}/dev/mailbox.json`)).json()) as { messages: MailboxMessage[] };
    const link = messages
      .filter((m) => m.to.toLowerCase() === email.toLowerCase())
      .flatMap((m) => m.links)
      .find((l) => new URL(l).pathname === "/verify-email");
    if (link) return link;
    await sleep(250);
  }
  throw new Error(`no verification e-mail for ${email}`);
}

async function signUpDemoUser(page: Page): Promise<void> {
  await page.goto(`${APP_URL}/signup`);
  await page.getByLabel("Email", { exact: true }).fill(DEMO_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await page.getByRole("status").filter({ hasText: "Sign up successful!" }).waitFor({ timeout: 15_000 });
  await page.goto(await verificationLink(DEMO_EMAIL));
  await page.getByRole("status").filter({ hasText: "Your e-mail is verified" }).waitFor({ timeout: 15_000 });
}

/** Takes screenshots as frames at a steady pace (real animations play at their speed, or slower if shots are slow). */
class Recorder {
  frames = 0;
  private nextDue = 0;
  constructor(
    private readonly page: Page,
    private readonly dir: string,
  ) {}

  async shoot(count = 1): Promise<void> {
    for (let k = 0; k < count; k++) {
      const now = performance.now();
      if (this.nextDue > now) await sleep(this.nextDue - now);
      this.nextDue = Math.max(this.nextDue, performance.now()) + 1000 / FPS;
      await this.page.screenshot({ path: this.framePath(this.frames), type: "png", animations: "allow", caret: "initial" });
      this.frames += 1;
    }
  }

  /** Holds the current picture for `seconds` of video without new screenshots (a still scene). */
  hold(seconds: number): void {
    const last = this.framePath(this.frames - 1);
    for (let k = 0; k < Math.round(seconds * FPS); k++) {
      copyFileSync(last, this.framePath(this.frames));
      this.frames += 1;
    }
  }

  /** Forgets the last frame (taken while the page changed under it). */
  dropLast(): void {
    this.frames -= 1;
    rmSync(this.framePath(this.frames), { force: true });
  }

  framePath(index: number): string {
    return path.join(this.dir, `frame-${String(index).padStart(5, "0")}.png`);
  }
}

/** A visible mouse pointer (headless screenshots have none), moved by the script. */
async function installPointer(page: Page): Promise<void> {
  await page.evaluate(() => {
    const pointer = document.createElement("div");
    pointer.id = "demo-pointer";
    pointer.setAttribute("aria-hidden", "true");
    pointer.innerHTML =
      '<svg width="24" height="24" viewBox="0 0 24 24"><path d="M4 2 L4 19 L8.5 15 L11.5 22 L14.5 20.7 L11.5 14 L18 14 Z" fill="#111827" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/></svg>';
    Object.assign(pointer.style, {
      position: "fixed",
      left: "0px",
      top: "0px",
      zIndex: "2147483647",
      pointerEvents: "none",
      transform: "translate(900px, 620px)",
      filter: "drop-shadow(0 1px 2px rgba(0,0,0,.3))",
    });
    document.body.append(pointer);
  });
}

async function movePointer(page: Page, rec: Recorder, from: { x: number; y: number }, to: { x: number; y: number }, frames: number): Promise<void> {
  for (let k = 1; k <= frames; k++) {
    const t = easeInOut(k / frames);
    const x = from.x + (to.x - from.x) * t;
    const y = from.y + (to.y - from.y) * t;
    await page.mouse.move(x, y);
    await page.evaluate(([px, py]) => {
      document.getElementById("demo-pointer")!.style.transform = `translate(${px}px, ${py}px)`;
    }, [x, y]);
    await rec.shoot();
  }
}

function easeInOut(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

async function scrollTo(page: Page, rec: Recorder, target: number, seconds: number): Promise<void> {
  const start = await page.evaluate(() => window.scrollY);
  const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const end = Math.max(0, Math.min(max, Math.round(target)));
  const frames = Math.max(1, Math.round(seconds * FPS));
  for (let k = 1; k <= frames; k++) {
    const y = Math.round(start + (end - start) * easeInOut(k / frames));
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await rec.shoot();
  }
}

/** The scroll position that shows the element `offset` px below the top of the viewport (under the header). */
async function scrollTargetOf(page: Page, selector: string, offset = 96): Promise<number> {
  return page.locator(selector).first().evaluate((el, off) => el.getBoundingClientRect().top + window.scrollY - off, offset);
}

async function record(page: Page, framesDir: string): Promise<{ frames: number; posterFrame: number }> {
  // Hold the analysis request for a moment: the demo market answers in milliseconds, a real provider
  // takes seconds, and the loading messages are part of the story.
  await page.route((url) => url.pathname.startsWith("/research/stocks"), async (route) => {
    if (route.request().method() === "POST") await sleep(LOADING_MS);
    await route.fallback();
  });

  await page.goto(`${APP_URL}/stocks`);
  const input = page.getByLabel("Enter Stock Ticker or Company Name");
  await input.waitFor();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  await installPointer(page);
  const rec = new Recorder(page, framesDir);

  // 1. The empty analyze page, the pointer moves to the field, and 'ECHF' is typed letter by letter.
  await rec.shoot(6);
  const inputBox = (await input.boundingBox())!;
  const fieldPoint = { x: inputBox.x + inputBox.width * 0.55, y: inputBox.y + inputBox.height / 2 + 4 };
  await movePointer(page, rec, { x: 900, y: 620 }, fieldPoint, 8);
  await input.click();
  await rec.shoot(3);
  for (const letter of TICKER) {
    await page.keyboard.type(letter);
    await rec.shoot(3);
  }
  await rec.shoot(4);

  // 2. To 'Analyze Stock' and click.
  const button = page.getByRole("button", { name: "Analyze Stock" });
  const buttonBox = (await button.boundingBox())!;
  const buttonPoint = { x: buttonBox.x + buttonBox.width / 2, y: buttonBox.y + buttonBox.height / 2 };
  await movePointer(page, rec, fieldPoint, buttonPoint, 7);
  await rec.shoot(2);
  await page.mouse.down();
  await rec.shoot(1);
  await page.mouse.up();

  // 3. The loading messages, until the report and its chart are on screen.
  const report = page.getByTestId("analysis-report");
  await page.getByTestId("analysis-loading").waitFor({ timeout: 5_000 });
  // The pointer has done its job: hide it, and park the mouse where nothing reacts to hovering.
  await page.evaluate(() => {
    document.getElementById("demo-pointer")!.style.display = "none";
  });
  await page.mouse.move(1250, 330);
  const loadingBox = page.getByTestId("analysis-loading");
  while (!(await report.isVisible())) {
    await rec.shoot();
    // Only frames of the loading state: the one taken as the report arrived may be half drawn.
    if (!(await loadingBox.isVisible())) rec.dropLast();
    if (rec.frames > 400) throw new Error("the report did not appear");
  }
  await page.getByTestId("price-chart").locator("canvas").first().waitFor({ timeout: 15_000 });
  const errors = await page.locator('[data-testid="analysis-error"], [role="alert"]').count();
  if (errors > 0) throw new Error(`the page shows an error: ${await page.locator('[data-testid="analysis-error"], [role="alert"]').first().innerText()}`);
  await page.evaluate(() => document.fonts.ready);
  await sleep(300); // let the chart finish its first paint
  await rec.shoot(1);
  rec.hold(0.7);

  // 4. A smooth scroll through the report: its head with the recommendation badge, the metrics, the
  // trade setup and the recommendation (the poster), then the chart and the Trend Template.
  const inReport = (testId: string) => `[data-testid="analysis-report"] [data-testid="${testId}"]`;
  await scrollTo(page, rec, await scrollTargetOf(page, inReport("report-ticker"), 92), 1.0);
  const posterFrame = rec.frames - 1;
  rec.hold(2.6);
  await scrollTo(page, rec, await scrollTargetOf(page, inReport("report-chart")), 1.0);
  rec.hold(1.8);
  await scrollTo(page, rec, await scrollTargetOf(page, inReport("report-trend-template")), 1.0);
  rec.hold(2.0);
  return { frames: rec.frames, posterFrame };
}

function fileSize(file: string): number {
  return statSync(file).size;
}

function encode(framesDir: string, posterPng: string, step: (typeof QUALITY_STEPS)[number]): { webm: string; mp4: string; poster: string } {
  mkdirSync(OUT_DIR, { recursive: true });
  const webm = path.join(OUT_DIR, "quanta-demo.webm");
  const mp4 = path.join(OUT_DIR, "quanta-demo.mp4");
  const poster = path.join(OUT_DIR, "quanta-demo-poster.jpg");
  const input = ["-hide_banner", "-loglevel", "error", "-y", "-framerate", String(FPS), "-i", path.join(framesDir, "frame-%05d.png")];
  // Frames are captured at FPS; a lower output rate drops frames evenly.
  const scale = `fps=${step.fps},scale=${OUT_WIDTH}:-2:flags=lanczos`;
  run("ffmpeg", [
    ...input,
    "-vf", scale,
    "-an",
    "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", String(step.vp9Crf),
    "-pix_fmt", "yuv420p", "-row-mt", "1", "-deadline", "good", "-cpu-used", "2",
    "-g", String(step.fps * 5),
    webm,
  ]);
  run("ffmpeg", [
    ...input,
    "-vf", scale,
    "-an",
    "-c:v", "libx264", "-crf", String(step.x264Crf), "-preset", "slow",
    "-pix_fmt", "yuv420p", "-profile:v", "high", "-movflags", "+faststart",
    "-g", String(step.fps * 5),
    mp4,
  ]);
  // JPEG quality ~80: ffmpeg's mjpeg -q:v 4.
  run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", posterPng, "-vf", `scale=${OUT_WIDTH}:-2:flags=lanczos`, "-q:v", "4", poster]);
  return { webm, mp4, poster };
}

async function main(): Promise<void> {
  checkTools();
  const framesDir = tempDir("quanta-demo-frames-");
  console.log(`Starting Quanta on ${APP_URL} (temporary data directory)…`);
  await startServer();

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, reducedMotion: "no-preference", colorScheme: "light" });
  const page = await context.newPage();
  console.log("Signing up and verifying the demo user…");
  await signUpDemoUser(page);

  console.log("Recording…");
  const { frames, posterFrame } = await record(page, framesDir);
  await browser.close();
  browser = undefined;
  await stopServer();
  // DEMO_KEEP_FRAMES=dir keeps a copy of the PNG frames, to look at them.
  if (process.env.DEMO_KEEP_FRAMES) cpSync(framesDir, path.resolve(process.env.DEMO_KEEP_FRAMES), { recursive: true });
  console.log(`  ${frames} frames at ${FPS} fps = ${(frames / FPS).toFixed(1)} s`);

  const posterPng = path.join(framesDir, `frame-${String(posterFrame).padStart(5, "0")}.png`);
  for (const step of QUALITY_STEPS) {
    console.log(`Encoding (VP9 crf ${step.vp9Crf}, H.264 crf ${step.x264Crf}, ${step.fps} fps, ${OUT_WIDTH} px wide)…`);
    const files = encode(framesDir, posterPng, step);
    const sizes = Object.values(files).map((f) => [path.relative(ROOT, f), fileSize(f)] as const);
    const total = sizes.reduce((sum, [, size]) => sum + size, 0);
    for (const [name, size] of sizes) console.log(`  ${name}: ${(size / 1024).toFixed(0)} KiB`);
    console.log(`  total: ${(total / 1024).toFixed(0)} KiB of ${MAX_TOTAL_BYTES / 1024} KiB allowed`);
    if (total <= MAX_TOTAL_BYTES) {
      console.log(`Done: ${(frames / FPS).toFixed(1)} s at ${step.fps} fps.`);
      return;
    }
    console.log("  over 2 MB: trying smaller settings…");
  }
  throw new Error("the demo video does not fit in 2 MB even at the smallest settings");
}

async function cleanUp(): Promise<void> {
  await browser?.close().catch(() => undefined);
  await stopServer().catch(() => undefined);
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
