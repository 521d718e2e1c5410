package io.patchpin.lockexport;

import io.patchpin.archive.ArchiveMode;
import io.patchpin.archive.Refusal;
import io.patchpin.archive.SourceArchives;
import io.patchpin.archive.Submodules;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.LockRepositories;
import io.patchpin.workspace.Workspace;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/** Finds each source's object database and computes its checksums; read-only. */
final class Hasher {
    private final Workspace workspace;
    private final Lock lock;
    private final LockRepositories repositories;

    Hasher(Workspace workspace, Lock lock) {
        this.workspace = workspace;
        this.lock = lock;
        this.repositories = new LockRepositories(workspace, List.of(lock));
    }

    /** Nix's hash of the source as fetchFromGitHub ({@code EXPORT}) or fetchgit ({@code CHECKOUT}) unpacks it. */
    SourceHash nar(ExportSource s, ArchiveMode mode, boolean withSubmodules) {
        if (s.commit() == null) {
            return SourceHash.none("no commit locked (no local clone of this root when it was locked)");
        }
        Submodules subs = withSubmodules ? nested(s) : Submodules.NONE;
        return hash(s, (repo, commit) -> SourceArchives.narHash(repo, commit, mode, subs));
    }

    /** makepkg's sha256 of {@code git archive --format tar <commit>}; {@code s} has a commit (PKGBUILD lists no other). */
    SourceHash tar(ExportSource s) {
        return hash(s, SourceArchives::tarSha256);
    }

    private interface Archive {
        String hash(Repository repo, ObjectId commit) throws Refusal;
    }

    private SourceHash hash(ExportSource s, Archive archive) {
        ObjectId commit = ObjectId.fromString(s.commit());
        Optional<Repository> repo = s.path() != null
                ? repositories.holding(s.path(), commit)
                : workspace.locator().find(null, null, s.name(), s.url(), commit);
        if (repo.isEmpty()) {
            return SourceHash.none("commit " + s.commit() + " is in no local object database");
        }
        try {
            return SourceHash.of(archive.hash(repo.get(), commit));
        } catch (Refusal r) {
            return SourceHash.none(r.getMessage());
        }
    }

    /**
     * fetchgit's fetchSubmodules: each gitlink's tree from the lock's component at that path. A component the lock pins
     * elsewhere than the gitlink is refused: fetchgit would fetch the gitlink, not the pin.
     */
    private Submodules nested(ExportSource s) {
        if (s.path() == null) {
            return (path, commit) -> {
                throw Refusal.missing("submodule " + path + " of a root outside the lock cannot be located");
            };
        }
        String base = s.isSuperproject() ? "" : s.path() + "/";
        return (path, commit) -> {
            String full = base + path;
            LockEntry e = lock.component(full)
                    .orElseThrow(() -> Refusal.missing("submodule " + full
                            + " is not in the lock (its parent's objects were missing when it was locked)"));
            if (!e.commit().equals(commit.name())) {
                throw Refusal.conversion(
                        full,
                        "the lock pins " + e.commit() + " but fetchSubmodules fetches the gitlink " + commit.name());
            }
            return repositories
                    .holding(full, commit)
                    .orElseThrow(() -> Refusal.missing(
                            "submodule " + full + ": commit " + commit.name() + " is in no local object database"));
        };
    }

    /**
     * A computed checksum, or why there is none.
     *
     * @param value   the checksum as the format writes it, or null
     * @param problem why it could not be computed, or null
     */
    record SourceHash(String value, String problem) {
        static SourceHash of(String value) {
            return new SourceHash(value, null);
        }

        static SourceHash none(String problem) {
            return new SourceHash(null, problem);
        }

        boolean ok() {
            return value != null;
        }
    }
}
