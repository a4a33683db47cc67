// Emscripten JS library: declares the functions boardgames.wasm imports from JS (js/src/core.js supplies them).
// Only the declarations matter: the module is standalone, so these bodies are never emitted.
mergeInto(LibraryManager.library, {
  bgjs_read: function (source, buf, cap) { return -1; },
  bgjs_iconv_open: function (charset) { return 0; },
  bgjs_iconv: function (charset, inp, inlen, out, outcap, result) { return -1; },
});
