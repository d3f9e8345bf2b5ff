// The global `URL`: deno_web's class, throwing as Node does on input it cannot parse (a
// `TypeError` "Invalid URL" with `code: "ERR_INVALID_URL"`, `input` and, when given, `base`).
// Packages test for that code, and pi's tools show the message; deno_web's own message
// ("Invalid URL: 'x'") is neither Node's nor Bun's. A proxy, not a subclass, so the class,
// its prototype and `instanceof` stay deno_web's own.
const { ReflectConstruct, ObjectDefineProperty, ObjectPrototypeIsPrototypeOf, StringPrototypeStartsWith, TypeError, TypeErrorPrototype } =
  globalThis.__bootstrap.primordials;
const ProxyCtor = globalThis.Proxy;
const StringCtor = globalThis.String;

/** deno_web's `URL` class (`WebUrl`), throwing Node's error where it cannot parse. */
export function nodeErrorsUrl(WebUrl) {
  const url = new ProxyCtor(WebUrl, {
    __proto__: null,
    construct(target, args, newTarget) {
      try {
        return ReflectConstruct(target, args, newTarget);
      } catch (err) {
        if (!ObjectPrototypeIsPrototypeOf(TypeErrorPrototype, err) || !StringPrototypeStartsWith(err.message, "Invalid URL")) throw err;
        const invalid = new TypeError("Invalid URL");
        invalid.code = "ERR_INVALID_URL";
        invalid.input = StringCtor(args[0]);
        if (args[1] !== undefined) invalid.base = StringCtor(args[1]);
        throw invalid;
      }
    },
  });
  // `new URL(…).constructor === URL`, as in Node.
  ObjectDefineProperty(WebUrl.prototype, "constructor", { __proto__: null, value: url, writable: true, configurable: true, enumerable: false });
  return url;
}
