var __addDisposableResource = (this && this.__addDisposableResource) || function (env, value, async) {
    if (value !== null && value !== void 0) {
        if (typeof value !== "object" && typeof value !== "function") throw new TypeError("Object expected.");
        var dispose, inner;
        if (async) {
            if (!Symbol.asyncDispose) throw new TypeError("Symbol.asyncDispose is not defined.");
            dispose = value[Symbol.asyncDispose];
        }
        if (dispose === void 0) {
            if (!Symbol.dispose) throw new TypeError("Symbol.dispose is not defined.");
            dispose = value[Symbol.dispose];
            if (async) inner = dispose;
        }
        if (typeof dispose !== "function") throw new TypeError("Object not disposable.");
        if (inner) dispose = function() { try { inner.call(this); } catch (e) { return Promise.reject(e); } };
        env.stack.push({ value: value, dispose: dispose, async: async });
    }
    else if (async) {
        env.stack.push({ async: true });
    }
    return value;
};
var __disposeResources = (this && this.__disposeResources) || (function (SuppressedError) {
    return function (env) {
        function fail(e) {
            env.error = env.hasError ? new SuppressedError(e, env.error, "An error was suppressed during disposal.") : e;
            env.hasError = true;
        }
        var r, s = 0;
        function next() {
            while (r = env.stack.pop()) {
                try {
                    if (!r.async && s === 1) return s = 0, env.stack.push(r), Promise.resolve().then(next);
                    if (r.dispose) {
                        var result = r.dispose.call(r.value);
                        if (r.async) return s |= 2, Promise.resolve(result).then(next, function(e) { fail(e); return next(); });
                    }
                    else s |= 1;
                }
                catch (e) {
                    fail(e);
                }
            }
            if (s === 1) return env.hasError ? Promise.reject(env.error) : Promise.resolve();
            if (env.hasError) throw env.error;
        }
        return next();
    };
})(typeof SuppressedError === "function" ? SuppressedError : function (error, suppressed, message) {
    var e = new Error(message);
    return e.name = "SuppressedError", e.error = error, e.suppressed = suppressed, e;
});
// Compiled by js/test/types.test.js against dist/index.d.ts, then run: the declarations must fit the code.
import { Position, Game, variants, variant, IllegalMoveError, readGames } from '../../dist/index.js';
const usi = new Position('shogi').legalMovesText('usi');
const g = new Game('chess');
g.play('e4');
const o = g.outcome();
const ids = variants.map((v) => v.id);
const again = variants().map((v) => v.id);
let caught = '';
try {
    g.play('e4');
}
catch (e) {
    if (e instanceof IllegalMoveError)
        caught = e.constructor.name;
}
let disposed = false;
{
    const env_1 = { stack: [], error: void 0, hasError: false };
    try {
        const p = __addDisposableResource(env_1, new Position('xiangqi'), false);
        disposed = p.legalMoves().length === 44;
    }
    catch (e_1) {
        env_1.error = e_1;
        env_1.hasError = true;
    }
    finally {
        __disposeResources(env_1);
    }
}
const games = [...readGames('chess', '1. e4 e5 *\n\n1. d4 *\n')].map((x) => x.moveText('san').join(' '));
const name = variant('janggi').sideText('cho', 'native');
console.log(JSON.stringify({ usi: usi.length, result: o.result, ids: ids.length, again: again.length, caught, disposed, games, name }));
