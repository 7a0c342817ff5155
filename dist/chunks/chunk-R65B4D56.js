import { createRequire as __perfgateCreateRequire } from 'node:module';
const require = __perfgateCreateRequire(import.meta.url);

// src/render/assets.bundled.ts
async function loadResvgWasm() {
  return (await import("./resvg-SSJNHWI4.js")).default;
}
async function loadFont() {
  return (await import("./DejaVuSans-LW7BNQGV.js")).default;
}
async function loadBrowserBundles() {
  const [vega, vegaLite, vegaEmbed] = await Promise.all([
    import("./vega.min-D5LQGZHB.js"),
    import("./vega-lite.min-HVVHIJYY.js"),
    import("./vega-embed.min-BEHGOR2G.js")
  ]);
  return { vega: vega.default, vegaLite: vegaLite.default, vegaEmbed: vegaEmbed.default };
}

// src/render/png.ts
import { constants, crc32, deflateSync } from "node:zlib";
var SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);
var COLOUR_TYPE_RGB = 2;
var COLOUR_TYPE_RGBA = 6;
var FILTER_NONE = 0;
var FILTER_UP = 2;
var LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
function chunk(type, data) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
function demultiply(pixels) {
  const out = pixels.slice();
  for (let i = 0; i < out.length; i += 4) {
    const a = out[i + 3];
    if (a === 255) continue;
    for (let k = 0; k < 3; k++) out[i + k] = a === 0 ? 0 : Math.min(255, Math.round(out[i + k] * 255 / a));
  }
  return out;
}
function subtractRows(a, b, into) {
  for (let k = 0; k < into.length; k++) {
    const x = a[k];
    const y = b[k];
    into[k] = (x | 2155905152) - (y & 2139062143) ^ (x ^ ~y) & 2155905152;
  }
}
function scanlines(pixels, width, height, channels) {
  const rowBytes = width * channels;
  const out = new Uint8Array((rowBytes + 1) * height);
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : pixels.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const padded = rowBytes + 3 >> 2;
  const rows = [new Uint32Array(padded), new Uint32Array(padded)];
  const rowsAsBytes = rows.map((buffer) => new Uint8Array(buffer.buffer, 0, rowBytes));
  const difference = new Uint32Array(padded);
  const differenceBytes = new Uint8Array(difference.buffer, 0, rowBytes);
  const opaque = LITTLE_ENDIAN ? 4278190080 : 255;
  for (let y = 0; y < height; y++) {
    const row = rows[y & 1];
    const above = rows[y + 1 & 1];
    const rowAsBytes = rowsAsBytes[y & 1];
    if (channels === 4) {
      rowAsBytes.set(aligned.subarray(y * rowBytes, (y + 1) * rowBytes));
    } else {
      let x = 0;
      const first = y * width;
      if (LITTLE_ENDIAN) {
        let all = 4294967295;
        for (let k = 0; x + 4 <= width; x += 4) {
          const p0 = words[first + x];
          const p1 = words[first + x + 1];
          const p2 = words[first + x + 2];
          const p3 = words[first + x + 3];
          all &= p0 & p1 & p2 & p3;
          row[k++] = p0 & 16777215 | p1 << 24;
          row[k++] = p1 >>> 8 & 65535 | p2 << 16;
          row[k++] = p2 >>> 16 & 255 | p3 << 8;
        }
        if (all >>> 24 !== 255) return void 0;
      }
      for (; x < width; x++) {
        if ((words[first + x] & opaque) >>> 0 !== opaque >>> 0) return void 0;
        const p = (first + x) * 4;
        rowAsBytes[3 * x] = aligned[p];
        rowAsBytes[3 * x + 1] = aligned[p + 1];
        rowAsBytes[3 * x + 2] = aligned[p + 2];
      }
    }
    const at = y * (rowBytes + 1);
    if (y === 0) {
      out[at] = FILTER_NONE;
      out.set(rowAsBytes, at + 1);
    } else {
      subtractRows(row, above, difference);
      out[at] = FILTER_UP;
      out.set(differenceBytes, at + 1);
    }
  }
  return out;
}
function encodePng(pixels, width, height) {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || pixels.length !== width * height * 4) {
    throw new RangeError(`encodePng: ${pixels.length} bytes are not ${width} × ${height} RGBA pixels`);
  }
  const rgb = scanlines(pixels, width, height, 3);
  const data = rgb ?? scanlines(demultiply(pixels), width, height, 4);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, rgb ? COLOUR_TYPE_RGB : COLOUR_TYPE_RGBA, 0, 0, 0], 8);
  const compressed = deflateSync(data, { level: 9, memLevel: 8, windowBits: 15, strategy: constants.Z_RLE });
  const parts = [SIGNATURE, chunk("IHDR", header), chunk("IDAT", compressed), chunk("IEND", new Uint8Array(0))];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

// node_modules/@resvg/resvg-wasm/index.mjs
var wasm;
var heap = new Array(128).fill(void 0);
heap.push(void 0, null, true, false);
var heap_next = heap.length;
function addHeapObject(obj) {
  if (heap_next === heap.length)
    heap.push(heap.length + 1);
  const idx = heap_next;
  heap_next = heap[idx];
  heap[idx] = obj;
  return idx;
}
function getObject(idx) {
  return heap[idx];
}
function dropObject(idx) {
  if (idx < 132)
    return;
  heap[idx] = heap_next;
  heap_next = idx;
}
function takeObject(idx) {
  const ret = getObject(idx);
  dropObject(idx);
  return ret;
}
var WASM_VECTOR_LEN = 0;
var cachedUint8Memory0 = null;
function getUint8Memory0() {
  if (cachedUint8Memory0 === null || cachedUint8Memory0.byteLength === 0) {
    cachedUint8Memory0 = new Uint8Array(wasm.memory.buffer);
  }
  return cachedUint8Memory0;
}
var cachedTextEncoder = typeof TextEncoder !== "undefined" ? new TextEncoder("utf-8") : { encode: () => {
  throw Error("TextEncoder not available");
} };
var encodeString = typeof cachedTextEncoder.encodeInto === "function" ? function(arg, view) {
  return cachedTextEncoder.encodeInto(arg, view);
} : function(arg, view) {
  const buf = cachedTextEncoder.encode(arg);
  view.set(buf);
  return {
    read: arg.length,
    written: buf.length
  };
};
function passStringToWasm0(arg, malloc, realloc) {
  if (realloc === void 0) {
    const buf = cachedTextEncoder.encode(arg);
    const ptr2 = malloc(buf.length, 1) >>> 0;
    getUint8Memory0().subarray(ptr2, ptr2 + buf.length).set(buf);
    WASM_VECTOR_LEN = buf.length;
    return ptr2;
  }
  let len = arg.length;
  let ptr = malloc(len, 1) >>> 0;
  const mem = getUint8Memory0();
  let offset = 0;
  for (; offset < len; offset++) {
    const code = arg.charCodeAt(offset);
    if (code > 127)
      break;
    mem[ptr + offset] = code;
  }
  if (offset !== len) {
    if (offset !== 0) {
      arg = arg.slice(offset);
    }
    ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
    const view = getUint8Memory0().subarray(ptr + offset, ptr + len);
    const ret = encodeString(arg, view);
    offset += ret.written;
    ptr = realloc(ptr, len, offset, 1) >>> 0;
  }
  WASM_VECTOR_LEN = offset;
  return ptr;
}
function isLikeNone(x) {
  return x === void 0 || x === null;
}
var cachedInt32Memory0 = null;
function getInt32Memory0() {
  if (cachedInt32Memory0 === null || cachedInt32Memory0.byteLength === 0) {
    cachedInt32Memory0 = new Int32Array(wasm.memory.buffer);
  }
  return cachedInt32Memory0;
}
var cachedTextDecoder = typeof TextDecoder !== "undefined" ? new TextDecoder("utf-8", { ignoreBOM: true, fatal: true }) : { decode: () => {
  throw Error("TextDecoder not available");
} };
if (typeof TextDecoder !== "undefined") {
  cachedTextDecoder.decode();
}
function getStringFromWasm0(ptr, len) {
  ptr = ptr >>> 0;
  return cachedTextDecoder.decode(getUint8Memory0().subarray(ptr, ptr + len));
}
function _assertClass(instance, klass) {
  if (!(instance instanceof klass)) {
    throw new Error(`expected instance of ${klass.name}`);
  }
  return instance.ptr;
}
function handleError(f, args) {
  try {
    return f.apply(this, args);
  } catch (e) {
    wasm.__wbindgen_exn_store(addHeapObject(e));
  }
}
var BBoxFinalization = typeof FinalizationRegistry === "undefined" ? { register: () => {
}, unregister: () => {
} } : new FinalizationRegistry((ptr) => wasm.__wbg_bbox_free(ptr >>> 0));
var BBox = class _BBox {
  static __wrap(ptr) {
    ptr = ptr >>> 0;
    const obj = Object.create(_BBox.prototype);
    obj.__wbg_ptr = ptr;
    BBoxFinalization.register(obj, obj.__wbg_ptr, obj);
    return obj;
  }
  __destroy_into_raw() {
    const ptr = this.__wbg_ptr;
    this.__wbg_ptr = 0;
    BBoxFinalization.unregister(this);
    return ptr;
  }
  free() {
    const ptr = this.__destroy_into_raw();
    wasm.__wbg_bbox_free(ptr);
  }
  /**
  * @returns {number}
  */
  get x() {
    const ret = wasm.__wbg_get_bbox_x(this.__wbg_ptr);
    return ret;
  }
  /**
  * @param {number} arg0
  */
  set x(arg0) {
    wasm.__wbg_set_bbox_x(this.__wbg_ptr, arg0);
  }
  /**
  * @returns {number}
  */
  get y() {
    const ret = wasm.__wbg_get_bbox_y(this.__wbg_ptr);
    return ret;
  }
  /**
  * @param {number} arg0
  */
  set y(arg0) {
    wasm.__wbg_set_bbox_y(this.__wbg_ptr, arg0);
  }
  /**
  * @returns {number}
  */
  get width() {
    const ret = wasm.__wbg_get_bbox_width(this.__wbg_ptr);
    return ret;
  }
  /**
  * @param {number} arg0
  */
  set width(arg0) {
    wasm.__wbg_set_bbox_width(this.__wbg_ptr, arg0);
  }
  /**
  * @returns {number}
  */
  get height() {
    const ret = wasm.__wbg_get_bbox_height(this.__wbg_ptr);
    return ret;
  }
  /**
  * @param {number} arg0
  */
  set height(arg0) {
    wasm.__wbg_set_bbox_height(this.__wbg_ptr, arg0);
  }
};
var RenderedImageFinalization = typeof FinalizationRegistry === "undefined" ? { register: () => {
}, unregister: () => {
} } : new FinalizationRegistry((ptr) => wasm.__wbg_renderedimage_free(ptr >>> 0));
var RenderedImage = class _RenderedImage {
  static __wrap(ptr) {
    ptr = ptr >>> 0;
    const obj = Object.create(_RenderedImage.prototype);
    obj.__wbg_ptr = ptr;
    RenderedImageFinalization.register(obj, obj.__wbg_ptr, obj);
    return obj;
  }
  __destroy_into_raw() {
    const ptr = this.__wbg_ptr;
    this.__wbg_ptr = 0;
    RenderedImageFinalization.unregister(this);
    return ptr;
  }
  free() {
    const ptr = this.__destroy_into_raw();
    wasm.__wbg_renderedimage_free(ptr);
  }
  /**
  * Get the PNG width
  * @returns {number}
  */
  get width() {
    const ret = wasm.renderedimage_width(this.__wbg_ptr);
    return ret >>> 0;
  }
  /**
  * Get the PNG height
  * @returns {number}
  */
  get height() {
    const ret = wasm.renderedimage_height(this.__wbg_ptr);
    return ret >>> 0;
  }
  /**
  * Write the image data to Uint8Array
  * @returns {Uint8Array}
  */
  asPng() {
    try {
      const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
      wasm.renderedimage_asPng(retptr, this.__wbg_ptr);
      var r0 = getInt32Memory0()[retptr / 4 + 0];
      var r1 = getInt32Memory0()[retptr / 4 + 1];
      var r2 = getInt32Memory0()[retptr / 4 + 2];
      if (r2) {
        throw takeObject(r1);
      }
      return takeObject(r0);
    } finally {
      wasm.__wbindgen_add_to_stack_pointer(16);
    }
  }
  /**
  * Get the RGBA pixels of the image
  * @returns {Uint8Array}
  */
  get pixels() {
    const ret = wasm.renderedimage_pixels(this.__wbg_ptr);
    return takeObject(ret);
  }
};
var ResvgFinalization = typeof FinalizationRegistry === "undefined" ? { register: () => {
}, unregister: () => {
} } : new FinalizationRegistry((ptr) => wasm.__wbg_resvg_free(ptr >>> 0));
var Resvg = class {
  __destroy_into_raw() {
    const ptr = this.__wbg_ptr;
    this.__wbg_ptr = 0;
    ResvgFinalization.unregister(this);
    return ptr;
  }
  free() {
    const ptr = this.__destroy_into_raw();
    wasm.__wbg_resvg_free(ptr);
  }
  /**
  * @param {Uint8Array | string} svg
  * @param {string | undefined} [options]
  * @param {Array<any> | undefined} [custom_font_buffers]
  */
  constructor(svg, options, custom_font_buffers) {
    try {
      const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
      var ptr0 = isLikeNone(options) ? 0 : passStringToWasm0(options, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
      var len0 = WASM_VECTOR_LEN;
      wasm.resvg_new(retptr, addHeapObject(svg), ptr0, len0, isLikeNone(custom_font_buffers) ? 0 : addHeapObject(custom_font_buffers));
      var r0 = getInt32Memory0()[retptr / 4 + 0];
      var r1 = getInt32Memory0()[retptr / 4 + 1];
      var r2 = getInt32Memory0()[retptr / 4 + 2];
      if (r2) {
        throw takeObject(r1);
      }
      this.__wbg_ptr = r0 >>> 0;
      return this;
    } finally {
      wasm.__wbindgen_add_to_stack_pointer(16);
    }
  }
  /**
  * Get the SVG width
  * @returns {number}
  */
  get width() {
    const ret = wasm.resvg_width(this.__wbg_ptr);
    return ret;
  }
  /**
  * Get the SVG height
  * @returns {number}
  */
  get height() {
    const ret = wasm.resvg_height(this.__wbg_ptr);
    return ret;
  }
  /**
  * Renders an SVG in Wasm
  * @returns {RenderedImage}
  */
  render() {
    try {
      const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
      wasm.resvg_render(retptr, this.__wbg_ptr);
      var r0 = getInt32Memory0()[retptr / 4 + 0];
      var r1 = getInt32Memory0()[retptr / 4 + 1];
      var r2 = getInt32Memory0()[retptr / 4 + 2];
      if (r2) {
        throw takeObject(r1);
      }
      return RenderedImage.__wrap(r0);
    } finally {
      wasm.__wbindgen_add_to_stack_pointer(16);
    }
  }
  /**
  * Output usvg-simplified SVG string
  * @returns {string}
  */
  toString() {
    let deferred1_0;
    let deferred1_1;
    try {
      const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
      wasm.resvg_toString(retptr, this.__wbg_ptr);
      var r0 = getInt32Memory0()[retptr / 4 + 0];
      var r1 = getInt32Memory0()[retptr / 4 + 1];
      deferred1_0 = r0;
      deferred1_1 = r1;
      return getStringFromWasm0(r0, r1);
    } finally {
      wasm.__wbindgen_add_to_stack_pointer(16);
      wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
  }
  /**
  * Calculate a maximum bounding box of all visible elements in this SVG.
  *
  * Note: path bounding box are approx values.
  * @returns {BBox | undefined}
  */
  innerBBox() {
    const ret = wasm.resvg_innerBBox(this.__wbg_ptr);
    return ret === 0 ? void 0 : BBox.__wrap(ret);
  }
  /**
  * Calculate a maximum bounding box of all visible elements in this SVG.
  * This will first apply transform.
  * Similar to `SVGGraphicsElement.getBBox()` DOM API.
  * @returns {BBox | undefined}
  */
  getBBox() {
    const ret = wasm.resvg_getBBox(this.__wbg_ptr);
    return ret === 0 ? void 0 : BBox.__wrap(ret);
  }
  /**
  * Use a given `BBox` to crop the svg. Currently this method simply changes
  * the viewbox/size of the svg and do not move the elements for simplicity
  * @param {BBox} bbox
  */
  cropByBBox(bbox) {
    _assertClass(bbox, BBox);
    wasm.resvg_cropByBBox(this.__wbg_ptr, bbox.__wbg_ptr);
  }
  /**
  * @returns {Array<any>}
  */
  imagesToResolve() {
    try {
      const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
      wasm.resvg_imagesToResolve(retptr, this.__wbg_ptr);
      var r0 = getInt32Memory0()[retptr / 4 + 0];
      var r1 = getInt32Memory0()[retptr / 4 + 1];
      var r2 = getInt32Memory0()[retptr / 4 + 2];
      if (r2) {
        throw takeObject(r1);
      }
      return takeObject(r0);
    } finally {
      wasm.__wbindgen_add_to_stack_pointer(16);
    }
  }
  /**
  * @param {string} href
  * @param {Uint8Array} buffer
  */
  resolveImage(href, buffer) {
    try {
      const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
      const ptr0 = passStringToWasm0(href, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
      const len0 = WASM_VECTOR_LEN;
      wasm.resvg_resolveImage(retptr, this.__wbg_ptr, ptr0, len0, addHeapObject(buffer));
      var r0 = getInt32Memory0()[retptr / 4 + 0];
      var r1 = getInt32Memory0()[retptr / 4 + 1];
      if (r1) {
        throw takeObject(r0);
      }
    } finally {
      wasm.__wbindgen_add_to_stack_pointer(16);
    }
  }
};
async function __wbg_load(module, imports) {
  if (typeof Response === "function" && module instanceof Response) {
    if (typeof WebAssembly.instantiateStreaming === "function") {
      try {
        return await WebAssembly.instantiateStreaming(module, imports);
      } catch (e) {
        if (module.headers.get("Content-Type") != "application/wasm") {
          console.warn("`WebAssembly.instantiateStreaming` failed because your server does not serve wasm with `application/wasm` MIME type. Falling back to `WebAssembly.instantiate` which is slower. Original error:\n", e);
        } else {
          throw e;
        }
      }
    }
    const bytes = await module.arrayBuffer();
    return await WebAssembly.instantiate(bytes, imports);
  } else {
    const instance = await WebAssembly.instantiate(module, imports);
    if (instance instanceof WebAssembly.Instance) {
      return { instance, module };
    } else {
      return instance;
    }
  }
}
function __wbg_get_imports() {
  const imports = {};
  imports.wbg = {};
  imports.wbg.__wbg_new_28c511d9baebfa89 = function(arg0, arg1) {
    const ret = new Error(getStringFromWasm0(arg0, arg1));
    return addHeapObject(ret);
  };
  imports.wbg.__wbindgen_memory = function() {
    const ret = wasm.memory;
    return addHeapObject(ret);
  };
  imports.wbg.__wbg_buffer_12d079cc21e14bdb = function(arg0) {
    const ret = getObject(arg0).buffer;
    return addHeapObject(ret);
  };
  imports.wbg.__wbg_newwithbyteoffsetandlength_aa4a17c33a06e5cb = function(arg0, arg1, arg2) {
    const ret = new Uint8Array(getObject(arg0), arg1 >>> 0, arg2 >>> 0);
    return addHeapObject(ret);
  };
  imports.wbg.__wbindgen_object_drop_ref = function(arg0) {
    takeObject(arg0);
  };
  imports.wbg.__wbg_new_63b92bc8671ed464 = function(arg0) {
    const ret = new Uint8Array(getObject(arg0));
    return addHeapObject(ret);
  };
  imports.wbg.__wbg_values_839f3396d5aac002 = function(arg0) {
    const ret = getObject(arg0).values();
    return addHeapObject(ret);
  };
  imports.wbg.__wbg_next_196c84450b364254 = function() {
    return handleError(function(arg0) {
      const ret = getObject(arg0).next();
      return addHeapObject(ret);
    }, arguments);
  };
  imports.wbg.__wbg_done_298b57d23c0fc80c = function(arg0) {
    const ret = getObject(arg0).done;
    return ret;
  };
  imports.wbg.__wbg_value_d93c65011f51a456 = function(arg0) {
    const ret = getObject(arg0).value;
    return addHeapObject(ret);
  };
  imports.wbg.__wbg_instanceof_Uint8Array_2b3bbecd033d19f6 = function(arg0) {
    let result;
    try {
      result = getObject(arg0) instanceof Uint8Array;
    } catch (_) {
      result = false;
    }
    const ret = result;
    return ret;
  };
  imports.wbg.__wbindgen_string_get = function(arg0, arg1) {
    const obj = getObject(arg1);
    const ret = typeof obj === "string" ? obj : void 0;
    var ptr1 = isLikeNone(ret) ? 0 : passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    var len1 = WASM_VECTOR_LEN;
    getInt32Memory0()[arg0 / 4 + 1] = len1;
    getInt32Memory0()[arg0 / 4 + 0] = ptr1;
  };
  imports.wbg.__wbg_new_16b304a2cfa7ff4a = function() {
    const ret = new Array();
    return addHeapObject(ret);
  };
  imports.wbg.__wbindgen_string_new = function(arg0, arg1) {
    const ret = getStringFromWasm0(arg0, arg1);
    return addHeapObject(ret);
  };
  imports.wbg.__wbg_push_a5b05aedc7234f9f = function(arg0, arg1) {
    const ret = getObject(arg0).push(getObject(arg1));
    return ret;
  };
  imports.wbg.__wbg_length_c20a40f15020d68a = function(arg0) {
    const ret = getObject(arg0).length;
    return ret;
  };
  imports.wbg.__wbg_set_a47bac70306a19a7 = function(arg0, arg1, arg2) {
    getObject(arg0).set(getObject(arg1), arg2 >>> 0);
  };
  imports.wbg.__wbindgen_throw = function(arg0, arg1) {
    throw new Error(getStringFromWasm0(arg0, arg1));
  };
  return imports;
}
function __wbg_init_memory(imports, maybe_memory) {
}
function __wbg_finalize_init(instance, module) {
  wasm = instance.exports;
  __wbg_init.__wbindgen_wasm_module = module;
  cachedInt32Memory0 = null;
  cachedUint8Memory0 = null;
  return wasm;
}
async function __wbg_init(input) {
  if (wasm !== void 0)
    return wasm;
  if (typeof input === "undefined") {
    input = new URL("index_bg.wasm", void 0);
  }
  const imports = __wbg_get_imports();
  if (typeof input === "string" || typeof Request === "function" && input instanceof Request || typeof URL === "function" && input instanceof URL) {
    input = fetch(input);
  }
  __wbg_init_memory(imports);
  const { instance, module } = await __wbg_load(await input, imports);
  return __wbg_finalize_init(instance, module);
}
var dist_default = __wbg_init;
var initialized = false;
var initWasm = async (module_or_path) => {
  if (initialized) {
    throw new Error("Already initialized. The `initWasm()` function can be used only once.");
  }
  await dist_default(await module_or_path);
  initialized = true;
};
var Resvg2 = class extends Resvg {
  /**
   * @param {Uint8Array | string} svg
   * @param {ResvgRenderOptions | undefined} options
   */
  constructor(svg, options) {
    if (!initialized)
      throw new Error("Wasm has not been initialized. Call `initWasm()` function.");
    const font = options?.font;
    if (!!font && isCustomFontsOptions(font)) {
      const serializableOptions = {
        ...options,
        font: {
          ...font,
          fontBuffers: void 0
        }
      };
      super(svg, JSON.stringify(serializableOptions), font.fontBuffers);
    } else {
      super(svg, JSON.stringify(options));
    }
  }
};
function isCustomFontsOptions(value) {
  return Object.prototype.hasOwnProperty.call(value, "fontBuffers");
}

// src/engine/charts/textWidth.ts
var EXTRA_CHARS = "µ–…×≥≤✗Δ−↑→";
var TABLE_CHARS = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("") + EXTRA_CHARS;
var index = new Map([...TABLE_CHARS].map((c, k) => [c.codePointAt(0), k]));

// src/engine/charts/vegaLite.ts
var CHART_FONT = "DejaVu Sans";

// src/render/rasterize.ts
var PNG_SCALE = 2;
var MAX_PNG_WIDTH = 2e3;
function pngWidth(svgWidth2, scale = PNG_SCALE) {
  return Math.max(1, Math.min(MAX_PNG_WIDTH, Math.round(svgWidth2 * scale)));
}
function svgWidth(svg) {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  const width = root ? /\swidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1] : void 0;
  return width !== void 0 ? Number(width) : void 0;
}
var resvgReady;
function prepareResvg() {
  resvgReady ??= (async () => {
    const [wasm2, font] = await Promise.all([loadResvgWasm(), loadFont()]);
    await initWasm(wasm2);
    return font;
  })();
  return resvgReady;
}
async function rasterize(svg, scale = PNG_SCALE) {
  const font = await prepareResvg();
  const width = svgWidth(svg);
  const resvg = new Resvg2(svg, {
    fitTo: width !== void 0 ? { mode: "width", value: pngWidth(width, scale) } : { mode: "zoom", value: scale },
    background: "white",
    font: { fontBuffers: [font], loadSystemFonts: false, defaultFontFamily: CHART_FONT, sansSerifFamily: CHART_FONT }
  });
  try {
    const image = resvg.render();
    try {
      return encodePng(image.pixels, image.width, image.height);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

// src/render/pngRenderer.ts
import { availableParallelism } from "node:os";
import { setImmediate as yieldToEvents } from "node:timers/promises";
import { Worker } from "node:worker_threads";
var UNCLAIMED = 0;
var CLAIMED_BY_WORKER = 1;
var CLAIMED_HERE = 2;
function drawJob(job) {
  return rasterize(job.svg, job.scale);
}
function pngWorkerUrl() {
  return true ? new URL("./png-worker.js", import.meta.url) : void 0;
}
function signal() {
  let resolve;
  const promise = new Promise((r) => resolve = r);
  return { promise, resolve };
}
var WORKER_YOUNG_GENERATION_MB = 16;
function startPngRenderer(options = {}) {
  const workerUrl = options.worker === false ? void 0 : options.worker ?? pngWorkerUrl();
  const jobs = /* @__PURE__ */ new Map();
  let nextId = 1;
  let closed;
  let changed = signal();
  const settle = (job, outcome) => {
    if (job.settled) return;
    job.settled = true;
    jobs.delete(job.id);
    if ("drawn" in outcome) job.resolve(outcome.drawn);
    else job.reject(outcome.error);
    changed.resolve();
    changed = signal();
  };
  const count = workerUrl === void 0 || availableParallelism() < 2 ? 0 : Math.max(1, Math.min(options.workers ?? 1, availableParallelism()));
  const workers = /* @__PURE__ */ new Set();
  for (let k = 0; k < count; k++) {
    const claimValue = CLAIMED_BY_WORKER + 2 * k;
    const worker = new Worker(workerUrl, {
      workerData: { ...options.prepare ?? { png: true }, claim: claimValue },
      ...count > 1 ? { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } } : {}
    });
    workers.add(worker);
    worker.on("message", (response) => {
      const job = jobs.get(response.id);
      if (!job) return;
      settle(
        job,
        "png" in response ? { drawn: response.png } : { error: new Error(`PNG not drawn: ${response.error}`) }
      );
    });
    const lost = () => {
      workers.delete(worker);
      for (const job of jobs.values()) Atomics.compareExchange(job.claim, 0, claimValue, UNCLAIMED);
      changed.resolve();
      changed = signal();
    };
    worker.on("error", lost);
    worker.on("exit", lost);
  }
  const drawHere = async (job) => {
    if (Atomics.compareExchange(job.claim, 0, UNCLAIMED, CLAIMED_HERE) !== UNCLAIMED) return false;
    try {
      settle(job, { drawn: await drawJob(job.request) });
    } catch (error) {
      settle(job, { error: error instanceof Error ? error : new Error(String(error)) });
    }
    return true;
  };
  const submit = (svg, scale) => {
    if (closed) return Promise.reject(closed);
    const id = nextId++;
    const claim = new Int32Array(new SharedArrayBuffer(4));
    const message = { id, svg, scale, claim };
    return new Promise((resolve, reject) => {
      jobs.set(id, { id, request: message, claim, settled: false, resolve, reject });
      for (const worker of workers) worker.postMessage(message);
    });
  };
  const help = async () => {
    for (const job of [...jobs.values()].reverse()) {
      if (Atomics.load(job.claim, 0) === UNCLAIMED && await drawHere(job)) {
        await yieldToEvents();
        return;
      }
    }
    if (jobs.size > 0) await changed.promise;
  };
  return {
    get worker() {
      return workers.size > 0;
    },
    get open() {
      return jobs.size;
    },
    render(svg, scale = PNG_SCALE) {
      return submit(svg, scale);
    },
    help,
    async finish() {
      while (jobs.size > 0) await help();
    },
    async close() {
      closed = new Error("the PNG renderer was closed");
      for (const job of [...jobs.values()]) settle(job, { error: closed });
      const stopping = [...workers];
      workers.clear();
      await Promise.all(stopping.map((worker) => worker.terminate()));
    }
  };
}

export {
  loadBrowserBundles,
  encodePng,
  PNG_SCALE,
  MAX_PNG_WIDTH,
  pngWidth,
  prepareResvg,
  rasterize,
  UNCLAIMED,
  CLAIMED_BY_WORKER,
  drawJob,
  pngWorkerUrl,
  startPngRenderer
};
