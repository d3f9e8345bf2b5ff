// node:diagnostics_channel: named channels with subscribers (`channel`, `subscribe`,
// `hasSubscribers`) and tracing channels (start/end/asyncStart/asyncEnd/error events around a
// traced call), as libraries such as undici publish through them. Nothing in the host
// subscribes; tools may.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { primordials } from "omp:/host/core";

const {
  ArrayPrototypeConcat,
  ArrayPrototypeIndexOf,
  ArrayPrototypePush,
  ArrayPrototypeSlice,
  ArrayPrototypeSome,
  ArrayPrototypeSplice,
  FunctionPrototypeCall,
  MapPrototypeDelete,
  MapPrototypeForEach,
  MapPrototypeGet,
  MapPrototypeGetSize,
  MapPrototypeSet,
  PromisePrototypeThen,
  PromiseResolve,
  ReflectApply,
  SafeMap,
} = primordials;

const channels = new SafeMap();

export class Channel {
  constructor(name) {
    this.name = name;
    this._subscribers = [];
    this._stores = new SafeMap();
  }

  get hasSubscribers() {
    return this._subscribers.length > 0 || MapPrototypeGetSize(this._stores) > 0;
  }

  subscribe(subscriber) {
    ArrayPrototypePush(this._subscribers, subscriber);
  }

  unsubscribe(subscriber) {
    const at = ArrayPrototypeIndexOf(this._subscribers, subscriber);
    if (at < 0) return false;
    ArrayPrototypeSplice(this._subscribers, at, 1);
    return true;
  }

  publish(message) {
    const subscribers = ArrayPrototypeSlice(this._subscribers);
    for (let i = 0; i < subscribers.length; i++) {
      const subscriber = subscribers[i];
      try {
        subscriber(message, this.name);
      } catch (err) {
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  bindStore(store, transform) {
    MapPrototypeSet(this._stores, store, transform);
  }

  unbindStore(store) {
    return MapPrototypeDelete(this._stores, store);
  }

  runStores(message, fn, thisArg, ...args) {
    let run = () => ReflectApply(fn, thisArg, args);
    MapPrototypeForEach(this._stores, (transform, store) => {
      const inner = run;
      run = () => store.run(transform ? transform(message) : message, inner);
    });
    this.publish(message);
    return run();
  }
}

export function channel(name) {
  let found = MapPrototypeGet(channels, name);
  if (!found) MapPrototypeSet(channels, name, (found = new Channel(name)));
  return found;
}

export function hasSubscribers(name) {
  return MapPrototypeGet(channels, name)?.hasSubscribers ?? false;
}

export function subscribe(name, subscriber) {
  channel(name).subscribe(subscriber);
}

export function unsubscribe(name, subscriber) {
  return channel(name).unsubscribe(subscriber);
}

const EVENTS = ["start", "end", "asyncStart", "asyncEnd", "error"];

export class TracingChannel {
  constructor(nameOrChannels) {
    for (let i = 0; i < EVENTS.length; i++) {
      const event = EVENTS[i];
      this[event] = typeof nameOrChannels === "string" ? channel(`tracing:${nameOrChannels}:${event}`) : nameOrChannels[event];
    }
  }

  get hasSubscribers() {
    return ArrayPrototypeSome(EVENTS, (event) => this[event].hasSubscribers);
  }

  subscribe(handlers) {
    for (let i = 0; i < EVENTS.length; i++) {
      const event = EVENTS[i];
      if (handlers[event]) this[event].subscribe(handlers[event]);
    }
  }

  unsubscribe(handlers) {
    let all = true;
    for (let i = 0; i < EVENTS.length; i++) {
      const event = EVENTS[i];
      if (handlers[event]) all = this[event].unsubscribe(handlers[event]) && all;
    }
    return all;
  }

  traceSync(fn, context = {}, thisArg, ...args) {
    this.start.publish(context);
    try {
      context.result = ReflectApply(fn, thisArg, args);
      return context.result;
    } catch (err) {
      context.error = err;
      this.error.publish(context);
      throw err;
    } finally {
      this.end.publish(context);
    }
  }

  tracePromise(fn, context = {}, thisArg, ...args) {
    this.start.publish(context);
    try {
      const promise = PromiseResolve(ReflectApply(fn, thisArg, args));
      return PromisePrototypeThen(
        promise,
        (result) => {
          context.result = result;
          this.asyncStart.publish(context);
          this.asyncEnd.publish(context);
          return result;
        },
        (err) => {
          context.error = err;
          this.error.publish(context);
          this.asyncStart.publish(context);
          this.asyncEnd.publish(context);
          throw err;
        },
      );
    } catch (err) {
      context.error = err;
      this.error.publish(context);
      throw err;
    } finally {
      this.end.publish(context);
    }
  }

  traceCallback(fn, position = -1, context = {}, thisArg, ...args) {
    const at = position < 0 ? args.length + position : position;
    const callback = args[at];
    args[at] = (err, result) => {
      if (err) {
        context.error = err;
        this.error.publish(context);
      } else {
        context.result = result;
      }
      this.asyncStart.publish(context);
      try {
        return FunctionPrototypeCall(callback, thisArg, err, result);
      } finally {
        this.asyncEnd.publish(context);
      }
    };
    return ReflectApply(this.traceSync, this, ArrayPrototypeConcat([fn, context, thisArg], args));
  }
}

export function tracingChannel(nameOrChannels) {
  return new TracingChannel(nameOrChannels);
}

const diagnosticsChannel = { channel, hasSubscribers, subscribe, unsubscribe, tracingChannel, Channel, TracingChannel };
export default diagnosticsChannel;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "diagnostics_channel", diagnosticsChannel);
