// Draws mermaid diagrams as SVG with mermaid's own renderer (mermaid-cli driving the Chromium named
// by $CHROMIUM; puppeteer downloads no browser). Called by diagrams.py: reads a JSON list of
// {id, source, theme, config} on stdin, writes {browser, results: [{id, svg} or {id, error}]} on stdout.
import { renderMermaid } from "@mermaid-js/mermaid-cli";
import puppeteer from "puppeteer";

const input = JSON.parse(await new Promise((ok) => {
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => ok(text));
}));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const results = [];
const version = await browser.version();  // text is measured with this browser's fonts
try {
  for (const { id, source, theme, config } of input) {
    try {
      const { data } = await renderMermaid(browser, source, "svg", {
        backgroundColor: "transparent",
        svgId: id,
        mermaidConfig: { ...config, theme },
      });
      results.push({ id, svg: new TextDecoder().decode(data) });
    } catch (err) {
      results.push({ id, error: String(err && err.message ? err.message : err) });
    }
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify({ browser: version, results }));
