//! CommonJS's names in ES modules. Bun (omp's runtime) gives every ES module `require`,
//! `__filename` and `__dirname`, and pi's loader (jiti) runs ES modules as CommonJS, where they
//! exist too; so packages tools use call them from ES modules (turndown's ESM build, which the
//! host picks by its `module` field as Bun does, calls `require`). An ES module that uses one
//! of them without declaring it gets a binding for it, written at the start of its first line
//! (after a `#!` line) so that every other line keeps its number.

use deno_ast::swc::ast::{
    BindingIdent, ClassDecl, Expr, FnDecl, ImportDefaultSpecifier, ImportNamedSpecifier, ImportStarAsSpecifier, Prop, TsModuleDecl, VarDecl,
};
use deno_ast::swc::ecma_visit::{Visit, VisitWith};
use deno_ast::{ParsedSource, ProgramRef};

/// The names, each with the statement that binds it (the imports carry names of the host's
/// own choosing, which no module declares).
const NAMES: [(&str, &str); 3] = [
    (
        "require",
        "import { createRequire as __ompCreateRequire } from \"node:module\"; const require = __ompCreateRequire(import.meta.url); ",
    ),
    (
        "__filename",
        "import { fileURLToPath as __ompFileUrlToPath1 } from \"node:url\"; const __filename = __ompFileUrlToPath1(import.meta.url); ",
    ),
    (
        "__dirname",
        "import { fileURLToPath as __ompFileUrlToPath2 } from \"node:url\"; import { dirname as __ompDirname } from \"node:path\"; const __dirname = __ompDirname(__ompFileUrlToPath2(import.meta.url)); ",
    ),
];

/// The bindings `parsed` (an ES module) needs, or None when it uses none of the names or
/// declares them itself.
pub(super) fn prelude(parsed: &ParsedSource) -> Option<String> {
    let text = parsed.text();
    if !NAMES.iter().any(|(name, _)| text.contains(name)) {
        return None;
    }
    let mut seen = Seen::default();
    match parsed.program_ref() {
        ProgramRef::Module(module) => module.visit_with(&mut seen),
        ProgramRef::Script(script) => script.visit_with(&mut seen),
    }
    let prelude: String = NAMES
        .iter()
        .enumerate()
        .filter(|(i, _)| seen.used[*i] && !seen.declared[*i])
        .map(|(_, (_, binding))| *binding)
        .collect();
    (!prelude.is_empty()).then_some(prelude)
}

/// `code` with `prelude` at the start of its first line, or of its second after a `#!` line.
pub(super) fn with_prelude(code: &str, prelude: &str) -> String {
    let at = if code.starts_with("#!") {
        code.find('\n').map_or(code.len(), |i| i + 1)
    } else {
        0
    };
    let mut out = String::with_capacity(code.len() + prelude.len() + 1);
    out.push_str(&code[..at]);
    if at == code.len() && at > 0 && !code.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(prelude);
    out.push_str(&code[at..]);
    out
}

/// Which of `NAMES` a module reads as a variable, and which it declares anywhere. Any
/// declaration counts, in whatever scope (a module that binds one of the names itself is left
/// as it is), except TypeScript's `declare`, which the transform removes.
#[derive(Default)]
struct Seen {
    used: [bool; NAMES.len()],
    declared: [bool; NAMES.len()],
}

impl Seen {
    fn note_use(&mut self, name: &str) {
        if let Some(i) = NAMES.iter().position(|(n, _)| *n == name) {
            self.used[i] = true;
        }
    }

    fn note_declaration(&mut self, name: &str) {
        if let Some(i) = NAMES.iter().position(|(n, _)| *n == name) {
            self.declared[i] = true;
        }
    }
}

impl Visit for Seen {
    fn visit_expr(&mut self, expr: &Expr) {
        if let Expr::Ident(ident) = expr {
            self.note_use(&ident.sym);
        }
        expr.visit_children_with(self);
    }

    fn visit_prop(&mut self, prop: &Prop) {
        if let Prop::Shorthand(ident) = prop {
            self.note_use(&ident.sym);
        }
        prop.visit_children_with(self);
    }

    fn visit_binding_ident(&mut self, binding: &BindingIdent) {
        self.note_declaration(&binding.id.sym);
    }

    fn visit_fn_decl(&mut self, decl: &FnDecl) {
        if !decl.declare {
            self.note_declaration(&decl.ident.sym);
            decl.visit_children_with(self);
        }
    }

    fn visit_class_decl(&mut self, decl: &ClassDecl) {
        if !decl.declare {
            self.note_declaration(&decl.ident.sym);
            decl.visit_children_with(self);
        }
    }

    fn visit_var_decl(&mut self, decl: &VarDecl) {
        if !decl.declare {
            decl.visit_children_with(self);
        }
    }

    fn visit_ts_module_decl(&mut self, decl: &TsModuleDecl) {
        if !decl.declare {
            decl.visit_children_with(self);
        }
    }

    fn visit_import_named_specifier(&mut self, specifier: &ImportNamedSpecifier) {
        self.note_declaration(&specifier.local.sym);
    }

    fn visit_import_default_specifier(&mut self, specifier: &ImportDefaultSpecifier) {
        self.note_declaration(&specifier.local.sym);
    }

    fn visit_import_star_as_specifier(&mut self, specifier: &ImportStarAsSpecifier) {
        self.note_declaration(&specifier.local.sym);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prelude_of(file: &str, source: &str) -> Option<String> {
        let parsed = deno_ast::parse_program(deno_ast::ParseParams {
            specifier: deno_ast::ModuleSpecifier::parse(&format!("file:///x/{file}")).unwrap(),
            text: source.into(),
            media_type: deno_ast::MediaType::from_path(std::path::Path::new(file)),
            capture_tokens: false,
            scope_analysis: false,
            maybe_syntax: None,
        })
        .unwrap();
        prelude(&parsed)
    }

    #[test]
    fn a_name_used_and_not_declared_gets_a_binding() {
        let got = prelude_of("a.mjs", "export function f() { return require('./x.cjs'); }").unwrap();
        assert!(got.contains("const require ="), "{got}");
        assert!(!got.contains("__dirname"), "{got}");
        let got = prelude_of("a.mjs", "export const here = [__dirname, typeof __filename];").unwrap();
        assert!(got.contains("const __dirname =") && got.contains("const __filename ="), "{got}");
        let got = prelude_of("a.mjs", "export const r = { require };").unwrap();
        assert!(got.contains("const require ="), "{got}");
    }

    #[test]
    fn a_module_that_declares_the_name_is_left_alone() {
        for source in [
            "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); require('x');",
            "import require from 'x'; require();",
            "import * as require from 'x'; require.y;",
            "function f(require) { return require('x'); } f(require);",
            "if (a) { var require = 1; } require;",
            "function require() {} require();",
            "class __dirname {} __dirname;",
        ] {
            let name = if source.contains("__dirname") { "__dirname" } else { "require" };
            assert!(prelude_of("a.mjs", source).is_none_or(|p| !p.contains(&format!("const {name} ="))), "{source}");
        }
    }

    #[test]
    fn names_that_are_not_variables_are_not_uses() {
        for source in [
            "export const a = 'require';",
            "export const a = x.require('y');",
            "export const a = { require: 1, __dirname: 2 };",
            "// require('x')\nexport {};",
        ] {
            assert_eq!(prelude_of("a.mjs", source), None, "{source}");
        }
    }

    #[test]
    fn typescript_declare_does_not_count_as_a_declaration() {
        let got = prelude_of("a.ts", "declare const require: any;\nexport const x = require('y');").unwrap();
        assert!(got.contains("const require ="), "{got}");
        let got = prelude_of("a.ts", "declare function require(id: string): any;\nexport const x = require('y');").unwrap();
        assert!(got.contains("const require ="), "{got}");
    }

    #[test]
    fn the_prelude_keeps_every_line_in_place() {
        assert_eq!(with_prelude("a;\nb;\n", "P; "), "P; a;\nb;\n");
        assert_eq!(with_prelude("#!/usr/bin/env node\na;\n", "P; "), "#!/usr/bin/env node\nP; a;\n");
        assert_eq!(with_prelude("#!/usr/bin/env node", "P; "), "#!/usr/bin/env node\nP; ");
    }
}
