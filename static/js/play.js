// Game page helpers (the page works without them).
// Clicking an invitation link or a new-token field selects its text for copying.
document.querySelectorAll("input[readonly]").forEach((input) => {
  input.addEventListener("focus", () => input.select());
});
