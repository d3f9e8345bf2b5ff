//! `omp-host new NAME`: writes a working tool module a user can edit into the project's
//! `.omp/tools/`, with its parameters in zod (the host's `pi.zod`, no package needed) or
//! TypeBox, and says how to call it. An existing file is never overwritten.

use std::path::{Path, PathBuf};

/// The parameter builders a new tool's template uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SchemaStyle {
    Zod,
    TypeBox,
}

/// Writes `<cwd>/.omp/tools/<name>.ts`; answers its path, or why it cannot.
pub(crate) fn write(cwd: &Path, name: &str, style: SchemaStyle) -> Result<PathBuf, String> {
    let valid = !name.is_empty()
        && name.len() <= 64
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !valid {
        return Err(format!(
            "\"{name}\" is not a tool name: use 1 to 64 letters, digits, '_' or '-', starting with a letter"
        ));
    }
    let dir = cwd.join(".omp").join("tools");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(format!("{name}.ts"));
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => format!("{} exists already; it is left as it is", path.display()),
            _ => format!("{}: {e}", path.display()),
        })?;
    std::io::Write::write_all(&mut file, template(name, style).as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

fn template(name: &str, style: SchemaStyle) -> String {
    let parameters = match style {
        SchemaStyle::Zod => {
            "  // pi.zod is zod's API, served by the host: no package to install.\n  const { z } = pi.zod;\n  const parameters = z.object({\n    text: z.string().min(1).describe(\"What to echo\"),\n    shout: z.boolean().default(false).describe(\"Upper-case it\"),\n  });\n"
        }
        SchemaStyle::TypeBox => {
            "  // pi.typebox is TypeBox's Type builder (or import { Type } from \"typebox\").\n  const { Type } = pi.typebox;\n  const parameters = Type.Object({\n    text: Type.String({ minLength: 1, description: \"What to echo\" }),\n    shout: Type.Optional(Type.Boolean({ default: false, description: \"Upper-case it\" })),\n  });\n"
        }
    };
    format!(
        r#"// The {name} tool, written by `omp-host new {name}`: edit it, and omp-host (run, mcp) reloads it.
// Try: omp-host call {name} --params '{{"text":"hello"}}'
// The module default-exports a factory: it gets `pi` (exec, ui, logger, zod, typebox, …) and
// returns the tool. `execute` gets omp's (toolCallId, params, onUpdate, ctx, signal) and
// answers {{ content: [{{ type: "text", text }}], details? }} (content is what the model reads).
export default (pi: any) => {{
{parameters}  return {{
    name: "{name}",
    label: "{name}",
    description: "Echoes the text it is given (describe here what your tool does, for the model).",
    parameters,
    async execute(_toolCallId: string, params: {{ text: string; shout?: boolean }}) {{
      const text = params.shout ? params.text.toUpperCase() : params.text;
      return {{ content: [{{ type: "text", text }}], details: {{ length: text.length }} }};
    }},
  }};
}};
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_and_files_never_overwritten() {
        let dir = std::env::temp_dir().join(format!("omp-host-new-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(write(&dir, "../x", SchemaStyle::Zod).unwrap_err().contains("is not a tool name"));
        assert!(write(&dir, "9lives", SchemaStyle::Zod).is_err());
        let path = write(&dir, "echo_it", SchemaStyle::TypeBox).unwrap();
        assert_eq!(path, dir.join(".omp/tools/echo_it.ts"));
        assert!(std::fs::read_to_string(&path).unwrap().contains("Type.Object"));
        assert!(write(&dir, "echo_it", SchemaStyle::Zod).unwrap_err().contains("exists already"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
