// umax for Node as an ES module: the same as index.cjs.
import umax from "./index.cjs";

export const { startEngine, Engine } = umax;
