//! Records the commit the binary is built from, for `bialign --version`: `git describe` of the
//! source tree when it is a git checkout (with `-dirty` for local changes), or "unknown commit" (a
//! release tarball, a crate download, a build without git).

fn main() {
    let commit = std::process::Command::new("git")
        .args(["describe", "--always", "--dirty", "--abbrev=12", "--exclude", "*"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown commit".to_string());
    println!("cargo:rustc-env=BIALIGN_COMMIT={commit}");
    // Rebuild when the checked-out commit moves (HEAD, or the branch it points to; a worktree's
    // HEAD lives in its own git folder).
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .map(|s| s.trim().to_string())
    };
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        let dir = std::path::PathBuf::from(dir);
        println!("cargo:rerun-if-changed={}", dir.join("HEAD").display());
        if let Some(r) = std::fs::read_to_string(dir.join("HEAD"))
            .ok()
            .and_then(|h| h.strip_prefix("ref: ").map(|r| r.trim().to_string()))
        {
            let common = git(&["rev-parse", "--git-common-dir"]).map(std::path::PathBuf::from).unwrap_or(dir);
            println!("cargo:rerun-if-changed={}", common.join(r).display());
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
