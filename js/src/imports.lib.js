// Emscripten JS library: declares the functions boardgames.wasm imports from JS (js/src/core.js supplies them).
// Only the declaration matters: the module is standalone, so these bodies are never emitted.
mergeInto(LibraryManager.library, {
  bgjs_read: function (source, buf, cap) { return -1; },
});
