// Render the math that pymdownx.arithmatex (generic mode) wraps in .arithmatex, with the
// vendored KaTeX; document$ re-runs it whenever Material swaps the page content.
document$.subscribe(({ body }) => {
  renderMathInElement(body, {
    delimiters: [
      { left: "$$", right: "$$", display: true },
      { left: "$", right: "$", display: false },
      { left: "\\(", right: "\\)", display: false },
      { left: "\\[", right: "\\]", display: true },
    ],
  });
});
