//! Where pi before its own package folder installed a user's npm packages: the package
//! manager's global `node_modules` (`npm root -g`; for bun, beside `bun pm bin -g`). pi 1.6
//! still loads a user package from there when its own folder (`~/.pi/agent/npm`) lacks it, so
//! the host asks the same package manager (the settings' `npmCommand`, else `npm`), once per
//! command and process, and only when such a package is missing.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// How long the package manager may take to answer; past it, it is killed and nothing found.
const ANSWER_WITHIN: Duration = Duration::from_secs(10);

/// The global install of package `name` for the package manager `command` (`npmCommand`, or
/// empty for `npm`), if that manager names a global folder.
pub(super) fn legacy_install_path(command: &[String], name: &str) -> Option<PathBuf> {
    static ROOTS: OnceLock<Mutex<HashMap<Vec<String>, Option<PathBuf>>>> = OnceLock::new();
    let mut roots = ROOTS.get_or_init(Mutex::default).lock().unwrap();
    let root = roots.entry(command.to_vec()).or_insert_with(|| global_root(command)).clone();
    root.map(|root| root.join(name))
}

/// The package manager's global `node_modules`, as pi finds it.
fn global_root(command: &[String]) -> Option<PathBuf> {
    let (program, args) = match command.split_first() {
        Some((program, args)) if !program.is_empty() => (program.as_str(), args),
        _ => ("npm", &[][..]),
    };
    if manager_name(program, args) == "bun" {
        let bin = answer(program, args, &["pm", "bin", "-g"])?;
        return Some(Path::new(&bin).parent()?.join("install").join("global").join("node_modules"));
    }
    answer(program, args, &["root", "-g"]).map(PathBuf::from)
}

/// pi's `getPackageManagerName`: the command's name, or the one a wrapper runs after `--`.
fn manager_name<'a>(program: &'a str, args: &'a [String]) -> &'a str {
    let name = |command: &'a str| {
        let base = Path::new(command).file_name().and_then(|n| n.to_str()).unwrap_or(command);
        base.strip_suffix(".cmd").or_else(|| base.strip_suffix(".exe")).unwrap_or(base)
    };
    match args.iter().rposition(|a| a == "--") {
        Some(at) => args.get(at + 1).map_or(name(program), |wrapped| name(wrapped)),
        None => name(program),
    }
}

/// The first line `program args extra` prints, if it succeeds within `ANSWER_WITHIN`.
fn answer(program: &str, args: &[String], extra: &[&str]) -> Option<String> {
    let child = start(program, args, extra).ok()?;
    let pid = child.id();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(child.wait_with_output());
    });
    let output = match receiver.recv_timeout(ANSWER_WITHIN) {
        Ok(output) => output.ok()?,
        Err(_) => {
            // Its id still names it: the waiting thread has not reaped it (on Windows, its
            // `Child` holds the process handle open). For a `.cmd` script on Windows this
            // ends the cmd.exe running it; what that started may run on.
            crate::platform::kill_process(pid);
            return None;
        }
    };
    let text = String::from_utf8(output.stdout).ok()?;
    let line = text.lines().next()?.trim();
    (output.status.success() && !line.is_empty()).then(|| line.to_string())
}

/// Starts `program args extra`, its output piped and nothing given to it.
fn start(program: &str, args: &[String], extra: &[&str]) -> std::io::Result<Child> {
    let spawn = |program: &str| {
        Command::new(program)
            .args(args)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
    };
    match spawn(program) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match cmd_script(program) {
            Some(script) => spawn(&script),
            None => Err(e),
        },
        started => started,
    }
}

/// A program's name is looked up on PATH as it is.
#[cfg(unix)]
fn cmd_script(_program: &str) -> Option<String> {
    None
}

/// Windows' `Command` looks a bare name up on PATH only as `<name>.exe`, while npm, pnpm and
/// yarn are installed as `<name>.cmd` scripts (which a shell finds through PATHEXT): a bare
/// name that is not found is tried again as `<name>.cmd`. (`npm root -g` then prints
/// Windows' layout itself: `node_modules` right under the prefix, `%APPDATA%\npm` by
/// default.)
#[cfg(windows)]
fn cmd_script(program: &str) -> Option<String> {
    Path::new(program).extension().is_none().then(|| format!("{program}.cmd"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manager_is_the_command_or_what_a_wrapper_runs() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(manager_name("npm", &[]), "npm");
        assert_eq!(manager_name("/usr/local/bin/bun", &[]), "bun");
        assert_eq!(manager_name("pnpm.cmd", &[]), "pnpm");
        assert_eq!(manager_name("mise", &args(&["exec", "node@20", "--", "bun"])), "bun");
    }

    #[cfg(unix)]
    #[test]
    fn a_command_that_fails_or_prints_nothing_names_no_folder() {
        assert_eq!(global_root(&["false".to_string()]), None);
        assert_eq!(global_root(&["no-such-package-manager-omp-host".to_string()]), None);
        assert_eq!(global_root(&["echo".to_string()]).as_deref(), Some(Path::new("root -g")));
    }
}
