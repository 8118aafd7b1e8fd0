export default defineContentScript({
  matches: ['*://pronet.localhost/*'],
  main() {
    // Wired by the surfaces issue.
  },
});
