package io.patchpin.apply;

import io.patchpin.core.Hashes;
import io.patchpin.gitstatus.IndexEdits;
import io.patchpin.patchset.Entry;
import io.patchpin.verify.Run;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Snapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.Repository;

/**
 * What TheRock's {@code fetch_sources.py} leaves beside a patched component: {@code .<basename>.smrev} in the parent
 * folder, holding the URL and {@code <gitlink>+PATCHED:<sha1>}, and the skip-worktree bit on the gitlink in the
 * parent's index. The sha1 runs over the entries' patch files in order, as TheRock's runs over its sorted patch files;
 * a rewrite or insert adds {@code patchpin-entry <id> <definition digest>\n}, so its edit changes the build fingerprint
 * too.
 */
final class TheRockMarks {
    /** One component's marks: its parent's path, the gitlink's path there, the .smrev file and what it holds. */
    record Mark(String parent, String gitlinkPath, Path smrev, String content) {}

    private TheRockMarks() {}

    /** The marks for every component (not the superproject) the run's entries touch. */
    static List<Mark> plan(Run run, Snapshot head, CommittedFileSource committed) {
        return run.sets().stream()
                .flatMap(s -> s.entries().stream())
                .map(e -> e.entry().component())
                .filter(c -> !c.equals(Component.SUPERPROJECT))
                .distinct()
                .sorted()
                .map(c -> markFor(
                        head.component(c)
                                .orElseThrow(() -> new IllegalStateException(c + " is not a component at HEAD")),
                        run,
                        committed))
                .toList();
    }

    /** The marks of one component for the entries of {@code run} on it: what applying those alone leaves. */
    static Mark markFor(Component c, Run run, CommittedFileSource committed) {
        MessageDigest sha1 = Hashes.digest("SHA-1");
        for (Run.SetRun s : run.sets()) {
            for (Run.EntryRun r : s.entries()) {
                if (r.entry().component().equals(c.path())) {
                    sha1.update(fingerprinted(r.entry(), s.loaded().dir()));
                }
            }
        }
        Repository parent = committed
                .repo(c.parent().orElseThrow())
                .orElseThrow(() -> new IllegalStateException("the parent of " + c.path() + " is not checked out"));
        Mark where = markOf(c, parent);
        // the gitlink as the parent's index holds it (what fetch_sources reads with ls-files --stage)
        String gitlink = IndexEdits.entry(parent, where.gitlinkPath())
                .map(e -> e.getObjectId().name())
                .orElse(c.commit());
        String content = c.url().orElse("") + "\n" + gitlink + "+PATCHED:" + Hashes.hex(sha1.digest()) + "\n";
        return new Mark(where.parent(), where.gitlinkPath(), where.smrev(), content);
    }

    /** Where a component's marks are (content left empty): {@code .<basename>.smrev} beside it, its gitlink path. */
    static Mark markOf(Component c, Repository parent) {
        String parentPath = c.parent().orElseThrow();
        String rel = c.inSuperproject() ? c.path() : c.path().substring(parentPath.length() + 1);
        int slash = rel.lastIndexOf('/');
        String smrevRel = (slash < 0 ? "" : rel.substring(0, slash + 1)) + "." + rel.substring(slash + 1) + ".smrev";
        return new Mark(parentPath, rel, parent.getWorkTree().toPath().resolve(smrevRel), "");
    }

    /** What an entry adds to the fingerprint: its patch file, else its id and definition. */
    private static byte[] fingerprinted(Entry e, Path dir) {
        if (e.patchFile().isEmpty()) {
            return ("patchpin-entry " + e.id() + " " + e.definitionDigest() + "\n").getBytes(StandardCharsets.UTF_8);
        }
        Path patch = dir.resolve(e.patchFile().get());
        try {
            return Files.readAllBytes(patch);
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot read " + patch, ex);
        }
    }

    /** Whether the gitlink carries the skip-worktree bit. */
    static boolean skipWorktree(Repository parent, String rel) {
        return IndexEdits.entry(parent, rel).map(DirCacheEntry::isSkipWorkTree).orElse(false);
    }

    /** Writes the .smrev files and sets the bits, each step undone by {@code tx} on a later failure. */
    static void write(List<Mark> marks, Transaction tx, CommittedFileSource committed) {
        for (Mark m : marks) {
            tx.replace(m.smrev(), m.content().getBytes(StandardCharsets.UTF_8));
            Repository parent = committed.repo(m.parent()).orElseThrow();
            if (!skipWorktree(parent, m.gitlinkPath())) {
                tx.index(parent);
                IndexEdits.skipWorktree(parent, m.gitlinkPath(), true, tx.fsync());
                tx.done(() -> IndexEdits.skipWorktree(parent, m.gitlinkPath(), false, tx.fsync()));
            }
        }
    }
}
