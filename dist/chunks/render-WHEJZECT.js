import { createRequire as __perfgateCreateRequire } from 'node:module';
const require = __perfgateCreateRequire(import.meta.url);
import {
  compileSpec,
  normalizeSvgIds,
  renderChart,
  renderSvg,
  staticSpec,
  tidySvg
} from "./chunk-RWPEFQGR.js";
import {
  MAX_PNG_WIDTH,
  PNG_SCALE,
  pngWidth,
  rasterize
} from "./chunk-54CDZIKX.js";
import "./chunk-35V5D2N5.js";
export {
  MAX_PNG_WIDTH,
  PNG_SCALE,
  compileSpec,
  normalizeSvgIds,
  pngWidth,
  renderChart,
  rasterize as renderPng,
  renderSvg,
  staticSpec,
  tidySvg
};
