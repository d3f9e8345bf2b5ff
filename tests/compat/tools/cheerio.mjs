import * as cheerio from "cheerio";
import { compatTool } from "./_tool.mjs";

export default compatTool("cheerio", async () => {
  const $ = cheerio.load(`<html><head><title>T</title></head><body><ul id="l"><li class="a">one</li><li class="b">two</li></ul><a href="/x">link</a><p>text <b>bold</b></p></body></html>`);
  $("ul").append("<li class='c'>three</li>");
  return {
    title: $("title").text(),
    items: $("li").map((_, el) => $(el).text()).get(),
    classes: $("li").map((_, el) => $(el).attr("class")).get(),
    href: $("a").attr("href"),
    html: $("p").html(),
    count: $("li").length,
    outer: $.html($("li.c")),
  };
});
