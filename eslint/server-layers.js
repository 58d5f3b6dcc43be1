// Server layering rules (DESIGN §4): SQL and the schema only in *.queries.ts and platform/db;
// routes call services. Filled in by the layering work.
export default [];
