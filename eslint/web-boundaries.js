// Web import boundaries (DESIGN §3): features never import each other's internals.
// Filled in by the web platform work.
export default [];
