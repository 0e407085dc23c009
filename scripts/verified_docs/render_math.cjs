// Renders TeX to HTML with KaTeX's own server-side renderer (katex.renderToString), for
// formulas.py: reads a JSON list of {tex, display} on stdin, writes a JSON list of {html} or
// {error} on stdout. The HTML carries MathML too, which screen readers read.
const katex = require("katex");

let text = "";
process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => {
  const out = JSON.parse(text).map(({ tex, display }) => {
    try {
      return { html: katex.renderToString(tex, { displayMode: display, throwOnError: true, output: "htmlAndMathml" }) };
    } catch (err) {
      return { error: String(err && err.message ? err.message : err) };
    }
  });
  process.stdout.write(JSON.stringify(out));
});
