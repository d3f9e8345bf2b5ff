import { format, addDays, differenceInCalendarDays, parseISO, isValid, formatDistanceStrict, startOfWeek } from "date-fns";
import { compatTool } from "./_tool.mjs";

export default compatTool("date-fns", async () => {
  const base = parseISO("2024-02-27T10:30:00");
  return {
    format: format(base, "yyyy-MM-dd HH:mm EEEE"),
    leap: format(addDays(base, 2), "yyyy-MM-dd"),
    diff: differenceInCalendarDays(parseISO("2024-03-10"), base),
    valid: [isValid(base), isValid(parseISO("nope"))],
    distance: formatDistanceStrict(base, addDays(base, 3)),
    week: format(startOfWeek(base, { weekStartsOn: 1 }), "yyyy-MM-dd"),
  };
});
