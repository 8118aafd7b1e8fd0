export default defineBackground(() => {
  // Wired by the background-worker issue.
});
