// The tools loaded into this engine, by numeric id (the registry's `js_id`): `{ tool, path,
// onSession }`, where `tool` is the object the module gave and `onSession` a pi extension's
// session handlers (a slot with no tool). Shared by loading, late registration, calls and
// session events.
export const loadedTools = [];
