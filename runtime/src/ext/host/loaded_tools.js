// The tools loaded into this engine, by numeric id (the registry's `js_id`): `{ tool, path,
// registered, onSession }`, where `tool` is the object the module gave, `registered` whether a
// pi extension registered it (`pi.registerTool`: pi's tool, whose `pi.exec` answers as pi's
// does) and `onSession` a pi extension's session handlers (a slot with no tool). Shared by
// loading, late registration, calls and session events.
export const loadedTools = [];
