// New-game form: choosing another game reloads its options at once
// (without JavaScript the "Show its options" button does the same).
document.querySelectorAll("select[data-autosubmit]").forEach((select) => {
  select.addEventListener("change", () => select.form.submit());
});
