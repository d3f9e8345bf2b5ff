// node:diagnostics_channel: named channels with subscribers (`channel`, `subscribe`,
// `hasSubscribers`) and tracing channels (start/end/asyncStart/asyncEnd/error events around a
// traced call), as libraries such as undici publish through them. Nothing in the host
// subscribes; tools may.
const channels = new Map();

export class Channel {
  constructor(name) {
    this.name = name;
    this._subscribers = [];
    this._stores = new Map();
  }

  get hasSubscribers() {
    return this._subscribers.length > 0 || this._stores.size > 0;
  }

  subscribe(subscriber) {
    this._subscribers.push(subscriber);
  }

  unsubscribe(subscriber) {
    const at = this._subscribers.indexOf(subscriber);
    if (at < 0) return false;
    this._subscribers.splice(at, 1);
    return true;
  }

  publish(message) {
    for (const subscriber of [...this._subscribers]) {
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
    this._stores.set(store, transform);
  }

  unbindStore(store) {
    return this._stores.delete(store);
  }

  runStores(message, fn, thisArg, ...args) {
    let run = () => fn.apply(thisArg, args);
    for (const [store, transform] of this._stores) {
      const inner = run;
      run = () => store.run(transform ? transform(message) : message, inner);
    }
    this.publish(message);
    return run();
  }
}

export function channel(name) {
  let found = channels.get(name);
  if (!found) channels.set(name, (found = new Channel(name)));
  return found;
}

export function hasSubscribers(name) {
  return channels.get(name)?.hasSubscribers ?? false;
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
    for (const event of EVENTS) {
      this[event] = typeof nameOrChannels === "string" ? channel(`tracing:${nameOrChannels}:${event}`) : nameOrChannels[event];
    }
  }

  get hasSubscribers() {
    return EVENTS.some((event) => this[event].hasSubscribers);
  }

  subscribe(handlers) {
    for (const event of EVENTS) if (handlers[event]) this[event].subscribe(handlers[event]);
  }

  unsubscribe(handlers) {
    let all = true;
    for (const event of EVENTS) if (handlers[event]) all = this[event].unsubscribe(handlers[event]) && all;
    return all;
  }

  traceSync(fn, context = {}, thisArg, ...args) {
    this.start.publish(context);
    try {
      context.result = fn.apply(thisArg, args);
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
      const promise = Promise.resolve(fn.apply(thisArg, args));
      return promise.then(
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
        return callback.call(thisArg, err, result);
      } finally {
        this.asyncEnd.publish(context);
      }
    };
    return this.traceSync(fn, context, thisArg, ...args);
  }
}

export function tracingChannel(nameOrChannels) {
  return new TracingChannel(nameOrChannels);
}

const diagnosticsChannel = { channel, hasSubscribers, subscribe, unsubscribe, tracingChannel, Channel, TracingChannel };
export default diagnosticsChannel;
(globalThis.__ompBuiltins ??= new Map()).set("diagnostics_channel", diagnosticsChannel);
