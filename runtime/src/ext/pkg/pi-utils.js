// Host copy of `@oh-my-pi/pi-utils`: the logger (JSON lines in the host's log file).
import { logger } from "omp:/host/logger";

export { logger };
export default { logger };
