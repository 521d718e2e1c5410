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

    /**
     * Nix's hash of the source as fetchFromGitHub ({@code EXPORT}) or fetchgit ({@code CHECKOUT}) unpacks it; a refusal
     * says why there is none.
     */
    String nar(ExportSource s, ArchiveMode mode, boolean withSubmodules) throws Refusal {
        if (s.commit() == null) {
            throw Refusal.missing("no commit locked (no local clone of this root when it was locked)");
        }
        Submodules subs = withSubmodules ? nested(s) : Submodules.NONE;
        return SourceArchives.narHash(repository(s), ObjectId.fromString(s.commit()), mode, subs);
    }

    /** makepkg's sha256 of {@code git archive --format tar <commit>}; {@code s} has a commit (PKGBUILD lists no other). */
    String tar(ExportSource s) throws Refusal {
        return SourceArchives.tarSha256(repository(s), ObjectId.fromString(s.commit()));
    }

    private Repository repository(ExportSource s) throws Refusal {
        ObjectId commit = ObjectId.fromString(s.commit());
        Optional<Repository> repo = s.path() != null
                ? repositories.holding(s.path(), commit)
                : workspace.locator().find(null, null, s.name(), s.url(), commit);
        return repo.orElseThrow(() -> Refusal.missing("commit " + s.commit() + " is in no local object database"));
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
}
