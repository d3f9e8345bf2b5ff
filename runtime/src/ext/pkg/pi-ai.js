// Host copy of `@mariozechner/pi-ai` / `@oh-my-pi/pi-ai`: what tools import from it —
// `StringEnum` and TypeBox's `Type` (pi-era), and zod's `z` (omp-era).
import { Type, StringEnum } from "omp:/typebox";
import * as zod from "omp:/zod";

export { Type, StringEnum };
export const z = zod.z ?? zod;
export default { Type, StringEnum, z };
