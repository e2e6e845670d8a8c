// Draws the API reference's LaTeX (\( \) inline, \[ \] display; pymdownx.arithmatex's generic output) with KaTeX,
// on every page Material for MkDocs shows (document$ also fires after its instant navigation).
document$.subscribe(({ body }) => {
  renderMathInElement(body, {
    delimiters: [
      { left: "\\(", right: "\\)", display: false },
      { left: "\\[", right: "\\]", display: true },
    ],
    throwOnError: false,
  });
});
