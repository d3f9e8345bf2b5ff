//! CommonJS's names in ES modules. Bun (omp's runtime) gives every ES module `require`,
//! `__filename` and `__dirname`, and pi's loader (jiti) runs ES modules as CommonJS, where they
//! exist too; so packages tools use call them from ES modules (turndown's ESM build, which the
//! host picks by its `module` field as Bun does, calls `require`). An ES module that uses one
//! of them without declaring it gets a binding for it, written at the start of its first line
//! (after a `#!` line) so that every other line keeps its number.

use deno_ast::swc::ast::{
    ArrowExpr, BindingIdent, BlockStmt, CatchClause, ClassDecl, Constructor, Expr, FnDecl, ForInStmt, ForOfStmt, ForStmt, Function, ImportDefaultSpecifier,
    ImportNamedSpecifier, ImportStarAsSpecifier, Param, Prop, StaticBlock, SwitchStmt, TsModuleDecl, TsParamProp, VarDecl, VarDeclKind,
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

/// Which of `NAMES` a module reads as a variable, and which it declares in its own top scope,
/// where the binding would clash: imports, `var` outside functions, and `let`, `const`,
/// `function` and `class` among the module's statements. A name declared only inside a
/// function or a block (a bundle's `function (require, module, exports)`) shadows the binding
/// there and leaves it alone. A name assigned to (`require = …`) counts as declared, since
/// the binding is a constant. TypeScript's `declare` binds nothing (the transform removes it).
#[derive(Default)]
struct Seen {
    used: [bool; NAMES.len()],
    declared: [bool; NAMES.len()],
    /// Functions (and arrow functions, constructors, static blocks) around the node.
    functions: usize,
    /// Blocks (and loop heads, `switch`es, `catch` clauses) around the node.
    blocks: usize,
    /// What the binding names met now declare.
    binding: Binding,
}

/// What a binding name stands for where it is met.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Binding {
    /// A `var` declaration: the enclosing function's (or the module's) scope.
    Var,
    /// A `let` or `const` declaration: the enclosing block's scope.
    Lexical,
    /// A parameter of a function or of a `catch`: that function's or clause's scope.
    Parameter,
    /// Anything else, such as the target of an assignment.
    #[default]
    Other,
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

    /// Whether a declaration scoped to the enclosing block would be the module's own.
    fn at_top(&self) -> bool {
        self.functions == 0 && self.blocks == 0
    }

    fn with_binding(&mut self, binding: Binding, visit: impl FnOnce(&mut Seen)) {
        let outer = std::mem::replace(&mut self.binding, binding);
        visit(self);
        self.binding = outer;
    }

    fn in_function(&mut self, visit: impl FnOnce(&mut Seen)) {
        self.functions += 1;
        self.with_binding(Binding::Other, visit);
        self.functions -= 1;
    }

    fn in_block(&mut self, visit: impl FnOnce(&mut Seen)) {
        self.blocks += 1;
        visit(self);
        self.blocks -= 1;
    }
}

impl Visit for Seen {
    fn visit_expr(&mut self, expr: &Expr) {
        if let Expr::Ident(ident) = expr {
            self.note_use(&ident.sym);
        }
        // An expression inside a declaration (an initializer) binds nothing itself.
        self.with_binding(Binding::Other, |seen| expr.visit_children_with(seen));
    }

    fn visit_prop(&mut self, prop: &Prop) {
        if let Prop::Shorthand(ident) = prop {
            self.note_use(&ident.sym);
        }
        prop.visit_children_with(self);
    }

    fn visit_binding_ident(&mut self, binding: &BindingIdent) {
        let clashes = match self.binding {
            Binding::Var => self.functions == 0,
            Binding::Lexical => self.at_top(),
            Binding::Parameter => false,
            Binding::Other => true,
        };
        if clashes {
            self.note_declaration(&binding.id.sym);
        }
    }

    fn visit_fn_decl(&mut self, decl: &FnDecl) {
        if !decl.declare {
            if self.at_top() {
                self.note_declaration(&decl.ident.sym);
            }
            decl.function.visit_with(self);
        }
    }

    fn visit_class_decl(&mut self, decl: &ClassDecl) {
        if !decl.declare {
            if self.at_top() {
                self.note_declaration(&decl.ident.sym);
            }
            decl.class.visit_with(self);
        }
    }

    fn visit_var_decl(&mut self, decl: &VarDecl) {
        if !decl.declare {
            let binding = if decl.kind == VarDeclKind::Var { Binding::Var } else { Binding::Lexical };
            self.with_binding(binding, |seen| decl.visit_children_with(seen));
        }
    }

    fn visit_function(&mut self, function: &Function) {
        self.in_function(|seen| function.visit_children_with(seen));
    }

    fn visit_arrow_expr(&mut self, arrow: &ArrowExpr) {
        self.in_function(|seen| {
            seen.with_binding(Binding::Parameter, |seen| arrow.params.visit_with(seen));
            arrow.body.visit_with(seen);
        });
    }

    fn visit_constructor(&mut self, constructor: &Constructor) {
        self.in_function(|seen| constructor.visit_children_with(seen));
    }

    fn visit_static_block(&mut self, block: &StaticBlock) {
        self.in_function(|seen| block.visit_children_with(seen));
    }

    fn visit_param(&mut self, param: &Param) {
        self.with_binding(Binding::Parameter, |seen| param.visit_children_with(seen));
    }

    fn visit_ts_param_prop(&mut self, param: &TsParamProp) {
        self.with_binding(Binding::Parameter, |seen| param.visit_children_with(seen));
    }

    fn visit_catch_clause(&mut self, clause: &CatchClause) {
        self.in_block(|seen| {
            seen.with_binding(Binding::Parameter, |seen| clause.param.visit_with(seen));
            clause.body.visit_with(seen);
        });
    }

    fn visit_block_stmt(&mut self, block: &BlockStmt) {
        self.in_block(|seen| block.visit_children_with(seen));
    }

    fn visit_for_stmt(&mut self, stmt: &ForStmt) {
        self.in_block(|seen| stmt.visit_children_with(seen));
    }

    fn visit_for_in_stmt(&mut self, stmt: &ForInStmt) {
        self.in_block(|seen| stmt.visit_children_with(seen));
    }

    fn visit_for_of_stmt(&mut self, stmt: &ForOfStmt) {
        self.in_block(|seen| stmt.visit_children_with(seen));
    }

    fn visit_switch_stmt(&mut self, stmt: &SwitchStmt) {
        self.in_block(|seen| stmt.visit_children_with(seen));
    }

    fn visit_ts_module_decl(&mut self, decl: &TsModuleDecl) {
        if !decl.declare {
            self.in_function(|seen| decl.visit_children_with(seen));
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
            "if (a) { var require = 1; } require;",
            "for (var require of a) {} require;",
            "require = () => 1; require('x');",
            "function f() { require = 1; } require('x');",
            "function require() {} require();",
            "class __dirname {} __dirname;",
        ] {
            let name = if source.contains("__dirname") { "__dirname" } else { "require" };
            assert!(prelude_of("a.mjs", source).is_none_or(|p| !p.contains(&format!("const {name} ="))), "{source}");
        }
    }

    /// A name declared only inside a function or a block shadows the module's binding there,
    /// as in bundles that wrap CommonJS modules in `function (require, module, exports)`.
    #[test]
    fn a_name_declared_only_in_an_inner_scope_still_gets_the_binding() {
        for source in [
            "function f(require) { return require('x'); } export const r = require('y');",
            "const f = (require) => require('x'); export const r = require('y');",
            "function f() { var require = 1; return require; } export const r = require('y');",
            "if (a) { let require = 1; } export const r = require('y');",
            "try {} catch (require) {} export const r = require('y');",
            "for (const require of a) {} export const r = require('y');",
            "{ function require() {} } export const r = require('y');",
            "class A { constructor(require) {} m(require) {} static { var require; } } export const r = require('y');",
            "export const r = typeof require !== 'undefined' ? require : null; (function (require, module) {})();",
        ] {
            let got = prelude_of("a.mjs", source);
            assert!(got.as_deref().is_some_and(|p| p.contains("const require =")), "{source}: {got:?}");
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
