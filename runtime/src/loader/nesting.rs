//! An upper estimate of how deeply a module's syntax nests, from its tokens alone, so that a
//! module too deep for the parser's stack is refused with an error instead of overflowing the
//! stack (swc's parser, transforms and code generator all recurse once per nesting level, and a
//! stack overflow aborts the whole process).
//!
//! The estimate counts, along the innermost open construct, every bracket still open plus every
//! token since the last point where the syntax certainly starts a sibling (a `,`, a `;` not
//! followed by `else`, or a new statement after a closing `}` or an expression that ended at a
//! line break). Every nesting level of the syntax tree consumes at least one of the counted
//! tokens, so the count bounds the depth from above; sibling lists (array elements, arguments,
//! statements, class members) reset it, so real code stays far below the limit.
//!
//! swc's lexer leaves the choice between a regular expression and a division to its parser;
//! run alone it always reads `/` as division, so this module makes that choice itself, from
//! the previous token (the classic rule of JavaScript tokenizers that run without a parser).
//! The estimate is a safeguard for real code, not a proof: a file crafted to make this rule and
//! the parser disagree can still hide nesting from it.

use deno_ast::swc::ast::AssignOp;
use deno_ast::swc::common::{input::StringInput, BytePos};
use deno_ast::swc::lexer::common::input::Tokens;
use deno_ast::swc::lexer::token::{BinOpToken, Token};
use deno_ast::swc::lexer::Lexer;
use deno_ast::MediaType;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// Where the estimate reached its maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Nesting {
    pub depth: usize,
    /// Byte offset of the token at which the depth was reached.
    pub offset: usize,
}

/// The bracket a level was opened by.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Opener {
    Outermost,
    /// `(`; `condition` when it follows `if`, `while`, `for` or `with`, after which `/` starts
    /// a regular expression.
    Paren {
        condition: bool,
    },
    Bracket,
    /// `{`; `block` when it opens statements rather than an object, after which `/` starts a
    /// regular expression.
    Brace {
        block: bool,
    },
    /// `${` inside a template literal.
    Substitution,
}

struct Level {
    opener: Opener,
    /// Depth at which this bracket opened.
    base: usize,
    /// Tokens counted at this level since its last sibling boundary.
    run: usize,
}

/// What the previous token was, as far as the sibling rules need to know.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Previous {
    Other,
    Semicolon,
    /// A `}` that closed a bracket.
    ClosingBrace,
    /// A token that can end an expression without continuing it onto the next line.
    ExpressionEnd,
}

/// The maximum nesting estimate of `source`, lexed as `media` (JavaScript, TypeScript, JSX…),
/// stopping early once it exceeds `stop_above` (the caller only needs to know that much).
pub(crate) fn estimate(source: &str, media: MediaType, stop_above: usize) -> Nesting {
    let start = BytePos(1);
    let input = StringInput::new(source, start, BytePos(1 + source.len() as u32));
    let mut lexer = Lexer::new(deno_ast::get_syntax(media), deno_ast::ES_VERSION, input, None);
    let mut levels = vec![Level {
        opener: Opener::Outermost,
        base: 0,
        run: 0,
    }];
    let mut previous = Previous::Other;
    // Whether a `/` here would start a regular expression, and the previous token's text.
    let mut regex_allowed = true;
    let mut last_text = String::new();
    let mut deepest = Nesting { depth: 0, offset: 0 };
    while let Some(mut item) = lexer.next() {
        if regex_allowed && matches!(item.token, Token::BinOp(BinOpToken::Div) | Token::AssignOp(AssignOp::DivAssign)) {
            lexer.set_next_regexp(Some(item.span.lo));
            match lexer.next() {
                Some(regex) => item = regex,
                None => break,
            }
            lexer.set_next_regexp(None);
        }
        let lo = (item.span.lo.0 - start.0) as usize;
        let hi = (item.span.hi.0 - start.0) as usize;
        let text = source.get(lo..hi).unwrap_or("");
        let word = matches!(item.token, Token::Word(_));
        let starts_sibling = match previous {
            Previous::Semicolon => text != "else",
            Previous::ClosingBrace => word && !continues_expression(text),
            Previous::ExpressionEnd => item.had_line_break && word && !continues_expression(text),
            Previous::Other => false,
        };
        let level = levels.last_mut().expect("the outermost level is never closed");
        if starts_sibling {
            level.run = 0;
        }
        previous = Previous::Other;
        let mut next_regex_allowed = !word || regex_follows_word(text);
        match item.token {
            Token::LParen | Token::LBracket | Token::LBrace | Token::DollarLBrace => {
                let opener = match item.token {
                    Token::LParen => Opener::Paren {
                        condition: matches!(last_text.as_str(), "if" | "while" | "for" | "with"),
                    },
                    Token::LBracket => Opener::Bracket,
                    Token::LBrace => Opener::Brace {
                        block: opens_block(&last_text),
                    },
                    _ => Opener::Substitution,
                };
                let base = level.base + level.run + 1;
                levels.push(Level { opener, base, run: 0 });
            }
            Token::RParen | Token::RBracket | Token::RBrace => {
                let closed = close(&mut levels, &item.token);
                levels.last_mut().expect("outermost level").run += 1;
                next_regex_allowed = matches!(closed, Some(Opener::Paren { condition: true }) | Some(Opener::Brace { block: true }));
                previous = match item.token {
                    Token::RBrace => Previous::ClosingBrace,
                    Token::RBracket => Previous::ExpressionEnd,
                    _ => Previous::Other,
                };
            }
            Token::Comma => level.run = 0,
            Token::Semi => previous = Previous::Semicolon,
            Token::Eof => break,
            ref token => {
                level.run += 1;
                if ends_expression(token, text) {
                    previous = Previous::ExpressionEnd;
                }
                if matches!(
                    token,
                    Token::Str { .. }
                        | Token::Num { .. }
                        | Token::BigInt { .. }
                        | Token::Regex(..)
                        | Token::PlusPlus
                        | Token::MinusMinus
                        | Token::JSXName { .. }
                ) {
                    next_regex_allowed = false;
                }
                if matches!(token, Token::BackQuote) {
                    // Opening a template or closing one; after a closed one `/` divides.
                    next_regex_allowed = false;
                }
            }
        }
        regex_allowed = next_regex_allowed;
        last_text.clear();
        last_text.push_str(text);
        let level = levels.last().expect("outermost level");
        let depth = level.base + level.run;
        if depth > deepest.depth {
            deepest = Nesting { depth, offset: lo };
            if depth > stop_above {
                break;
            }
        }
    }
    deepest
}

/// Closes the innermost level `closer` matches (levels left open inside it are closed too);
/// a closer that matches nothing open is ignored. Answers what was closed.
fn close(levels: &mut Vec<Level>, closer: &Token) -> Option<Opener> {
    let matches = |opener: Opener| match closer {
        Token::RParen => matches!(opener, Opener::Paren { .. }),
        Token::RBracket => opener == Opener::Bracket,
        _ => matches!(opener, Opener::Brace { .. } | Opener::Substitution),
    };
    let position = levels.iter().rposition(|level| level.opener != Opener::Outermost && matches(level.opener))?;
    let closed = levels[position].opener;
    levels.truncate(position);
    Some(closed)
}

/// Keywords that take an expression: after them `/` starts a regular expression and `{`
/// opens an object, not a block.
const EXPRESSION_KEYWORDS: &[&str] = &[
    "return",
    "typeof",
    "instanceof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "yield",
    "await",
];

/// Other words after which `/` starts a regular expression (after names, `this` and literals
/// it divides).
const REGEX_AFTER: &[&str] = &["do", "else", "extends"];

/// Words that continue the expression or statement before them rather than start a new one.
const CONTINUING: &[&str] = &[
    "else",
    "in",
    "instanceof",
    "as",
    "satisfies",
    "of",
    "extends",
    "implements",
    "is",
    "keyof",
    "typeof",
];

/// Keywords that end an expression as a plain name does (literals and type names).
const PLAIN_KEYWORDS: &[&str] = &[
    "this",
    "super",
    "null",
    "true",
    "false",
    "undefined",
    "any",
    "unknown",
    "never",
    "string",
    "number",
    "boolean",
    "bigint",
    "symbol",
    "object",
];

/// Every other keyword or contextual keyword: it may prefix or join what follows.
const PREFIX_KEYWORDS: &[&str] = &[
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "export",
    "extends",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "new",
    "return",
    "switch",
    "throw",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
    "let",
    "static",
    "implements",
    "interface",
    "package",
    "private",
    "protected",
    "public",
    "abstract",
    "as",
    "asserts",
    "assert",
    "async",
    "accessor",
    "declare",
    "enum",
    "from",
    "get",
    "global",
    "infer",
    "is",
    "keyof",
    "module",
    "namespace",
    "of",
    "override",
    "readonly",
    "require",
    "satisfies",
    "set",
    "type",
    "unique",
    "using",
    "target",
    "meta",
];

/// Which of the lists above a word is in, as bits (`REGEX_AFTER_BIT`…).
type WordClass = u8;
const REGEX_AFTER_BIT: WordClass = 1;
const OBJECT_AFTER_BIT: WordClass = 2;
const CONTINUING_BIT: WordClass = 4;
const PLAIN_KEYWORD_BIT: WordClass = 8;
const PREFIX_KEYWORD_BIT: WordClass = 16;

/// The lists `word` is in: one hash lookup (a large file has hundreds of thousands of words,
/// and going through the lists one string at a time took longer than lexing them).
fn word_class(word: &str) -> WordClass {
    static TABLE: OnceLock<FxHashMap<&'static str, WordClass>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = FxHashMap::default();
        for (list, bit) in [
            (EXPRESSION_KEYWORDS, REGEX_AFTER_BIT | OBJECT_AFTER_BIT),
            (REGEX_AFTER, REGEX_AFTER_BIT),
            (CONTINUING, CONTINUING_BIT),
            (PLAIN_KEYWORDS, PLAIN_KEYWORD_BIT),
            (PREFIX_KEYWORDS, PREFIX_KEYWORD_BIT),
        ] {
            for word in list {
                *table.entry(*word).or_insert(0) |= bit;
            }
        }
        table
    });
    table.get(word).copied().unwrap_or(0)
}

/// Whether `/` after the word `word` starts a regular expression.
fn regex_follows_word(word: &str) -> bool {
    word_class(word) & REGEX_AFTER_BIT != 0
}

/// Whether a `{` after the token `previous` opens a block of statements rather than an object:
/// at the start, after `;`, `{`, `}`, `)`, `=>`, statement keywords and names (`class A {`).
fn opens_block(previous: &str) -> bool {
    match previous {
        "" | ";" | "{" | "}" | ")" | "=>" => true,
        word if word_class(word) & OBJECT_AFTER_BIT != 0 => false,
        word => word.starts_with(|c: char| c.is_alphabetic() || c == '_' || c == '$'),
    }
}

/// Whether `word` continues the expression or statement before it.
fn continues_expression(word: &str) -> bool {
    word_class(word) & CONTINUING_BIT != 0
}

/// Tokens after which a line break followed by a word starts a new statement (automatic
/// semicolon insertion): plain names, literals and type names, never a keyword that prefixes
/// what follows it (`new`, `typeof`, `void`, `keyof`, `await`, `return`…).
fn ends_expression(token: &Token, text: &str) -> bool {
    match token {
        Token::Str { .. } | Token::Num { .. } | Token::BigInt { .. } | Token::Regex(..) => true,
        Token::Word(_) => !is_prefix_word(text),
        _ => false,
    }
}

fn is_prefix_word(word: &str) -> bool {
    let class = word_class(word);
    class & PLAIN_KEYWORD_BIT == 0 && class & PREFIX_KEYWORD_BIT != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(source: &str) -> usize {
        estimate(source, MediaType::TypeScript, usize::MAX).depth
    }

    #[test]
    fn brackets_and_operator_chains_count() {
        assert!(depth(&format!("x = {}1{};", "(".repeat(500), ")".repeat(500))) >= 500);
        assert!(depth(&format!("x = {}1;", "!".repeat(500))) >= 500);
        assert!(depth(&format!("x = 1{};", " +\n1".repeat(500))) >= 500, "a chain over many lines");
        assert!(depth(&format!("let x: {}number{};", "Array<".repeat(300), ">".repeat(300))) >= 300);
        assert!(depth(&format!("x = {}1{};", "`${".repeat(300), "}`".repeat(300))) >= 300);
    }

    #[test]
    fn statement_chains_that_nest_count() {
        assert!(depth(&format!("if (a) {{}}{}", "else if (a) {}".repeat(400))) >= 400);
        assert!(depth(&format!("if (a) a;{}", "else if (a) a;".repeat(400))) >= 400);
        assert!(depth(&format!("{}0;", "if (a)\n".repeat(400))) >= 400);
        assert!(depth(&format!("x = {}A;", "new\n".repeat(400))) >= 400);
    }

    #[test]
    fn siblings_do_not_add_up() {
        assert!(depth(&format!("x = [{}];", "[1, 2], ".repeat(10_000))) < 10);
        assert!(depth(&"function f(a) { return a + 1; }\n".repeat(10_000)) < 20);
        assert!(depth(&"function f(a) { return a + 1 }function g() {}".repeat(5_000)) < 20, "minified");
        assert!(depth(&"const a = 1\nlet b = f(a)\n".repeat(10_000)) < 20, "no semicolons");
        assert!(depth(&format!("interface A {{\n{}}}", "  a: string\n  b: number[]\n  c: Foo\n".repeat(5_000))) < 20);
        assert!(depth(&format!("class A {{\n{}}}", "  a = 1\n  m() {}\n".repeat(5_000))) < 20);
        assert!(depth(&format!("const s = '{}';", "(".repeat(10_000))) < 10, "brackets in strings");
    }

    #[test]
    fn regular_expressions_are_told_from_division() {
        let deep = format!("const deep = {}1{};", "(".repeat(300), ")".repeat(300));
        for before in [
            "const quotes = /['\"`]/g;",
            "f(/['\"`]/);",
            "if (a) /['\"`]/.test(b);",
            "function f() { return /['\"`]/; }",
            "x = {} / 2 / ['\"`];",
            "x = a / 2 / ['\"`'];",
        ] {
            let depth = depth(&format!("{before}\n{deep}"));
            assert!((300..320).contains(&depth), "{before}: {depth}");
        }
    }

    #[test]
    fn words_are_classed_by_their_lists() {
        assert!(regex_follows_word("return") && regex_follows_word("typeof") && !regex_follows_word("value"));
        assert!(continues_expression("else") && continues_expression("satisfies") && !continues_expression("return"));
        assert!(is_prefix_word("new") && is_prefix_word("keyof") && is_prefix_word("await"));
        assert!(
            !is_prefix_word("this") && !is_prefix_word("string") && !is_prefix_word("value"),
            "plain words end an expression"
        );
        assert!(opens_block("") && opens_block(")") && opens_block("class") && opens_block("name"));
        assert!(!opens_block("return") && !opens_block("=") && !opens_block("("));
    }

    #[test]
    fn the_offset_points_at_the_deepest_token() {
        let source = format!("const a = 1;\nconst b = {}1{};", "(".repeat(50), ")".repeat(50));
        let found = estimate(&source, MediaType::TypeScript, usize::MAX);
        assert_eq!(&source[found.offset..found.offset + 1], "1");
    }
}
