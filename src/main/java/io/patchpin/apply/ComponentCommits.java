package io.patchpin.apply;

import io.patchpin.gitstatus.IndexEdits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEditor;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.RefUpdate.Result;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.UserConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * The commits of one component, chained on its HEAD. Each tree is built in memory from the parent's tree plus the
 * entry's files, so an entry's commit holds exactly its own edit even when a later entry edits the same file, and the
 * user's index is never committed. HEAD moves once, at the end.
 */
final class ComponentCommits {
    private final Repository repo;
    private final ObjectId orig;
    private final PersonIdent committer;
    private ObjectId tip;

    /**
     * @param therock commit as TheRock's fetch_sources.py does: therockbot, committer date 2099-01-01; an entry without
     *                a mail date (a rewrite, an insert, a plain diff) is authored the same, so the ids are the same on
     *                every machine
     * @param clock   the commits' time and zone otherwise
     */
    ComponentCommits(Repository repo, ObjectId orig, boolean therock, Clock clock) {
        this.repo = repo;
        this.orig = orig;
        this.tip = orig;
        this.committer = therock ? CommitMessage.THEROCK : committer(repo, clock);
    }

    /** Commits {@code u} on the tip; empty when it changes nothing. */
    Optional<ObjectId> add(CommitUnit u) {
        try (ObjectInserter ins = repo.newObjectInserter();
                RevWalk walk = new RevWalk(repo)) {
            RevCommit parent = walk.parseCommit(tip);
            DirCache dc = DirCache.newInCore();
            DirCacheBuilder b = dc.builder();
            b.addTree(new byte[0], DirCacheEntry.STAGE_0, walk.getObjectReader(), parent.getTree());
            b.finish();
            DirCacheEditor ed = dc.editor();
            for (Map.Entry<String, Optional<byte[]>> f : u.files().entrySet()) {
                if (f.getValue().isEmpty()) {
                    ed.add(new DirCacheEditor.DeletePath(f.getKey()));
                    continue;
                }
                ObjectId blob = ins.insert(Constants.OBJ_BLOB, f.getValue().get());
                Boolean exec = u.executable().get(f.getKey());
                ed.add(new DirCacheEditor.PathEdit(f.getKey()) {
                    @Override
                    public void apply(DirCacheEntry ent) {
                        FileMode was = ent.getRawMode() == 0 ? FileMode.REGULAR_FILE : ent.getFileMode();
                        ent.setFileMode(exec == null ? was : exec ? FileMode.EXECUTABLE_FILE : FileMode.REGULAR_FILE);
                        ent.setObjectId(blob);
                    }
                });
            }
            ed.finish();
            ObjectId tree = dc.writeTree(ins);
            if (tree.equals(parent.getTree())) {
                return Optional.empty();
            }
            CommitBuilder cb = new CommitBuilder();
            cb.setTreeId(tree);
            cb.setParentId(parent);
            cb.setAuthor(author(u.message()));
            cb.setCommitter(committer);
            cb.setEncoding(StandardCharsets.UTF_8);
            cb.setMessage(u.message().message());
            tip = ins.insert(cb);
            ins.flush();
            return Optional.of(tip);
        } catch (IOException e) {
            throw new CommitFailure(
                    repo, "cannot write the commit of " + u.entry().id(), e);
        }
    }

    /** Moves HEAD (or the branch it names) to the last commit and stages the touched files. */
    void finish(SortedSet<String> files) {
        if (tip.equals(orig)) {
            return;
        }
        moveHead(repo, orig, tip);
        index(repo, tip, files);
    }

    /** The index entries of {@code files} as {@code commit} has them; the other entries untouched. */
    static void index(Repository repo, ObjectId commit, SortedSet<String> files) {
        try {
            IndexEdits.matchCommit(repo, commit, files);
        } catch (UncheckedIOException e) {
            throw new CommitFailure(repo, "cannot update the index", e.getCause());
        }
    }

    /** The commit HEAD names, or null in a repository without one. */
    static ObjectId head(Repository repo) {
        try {
            return repo.resolve("HEAD^{commit}");
        } catch (IOException e) {
            throw new CommitFailure(repo, "cannot read HEAD", e);
        }
    }

    /** Puts HEAD back and the touched files' index entries as they were at {@code orig}. */
    static void undo(Repository repo, ObjectId orig, SortedSet<String> files) {
        if (orig.equals(head(repo))) {
            return;
        }
        moveHead(repo, head(repo), orig);
        index(repo, orig, files);
    }

    static void moveHead(Repository repo, ObjectId from, ObjectId to) {
        try {
            RefUpdate u = repo.updateRef(Constants.HEAD);
            u.setExpectedOldObjectId(from);
            u.setNewObjectId(to);
            u.setForceUpdate(true);
            u.setRefLogMessage("patchpin apply --commit", false);
            Result r = u.update();
            if (!EnumSet.of(Result.FAST_FORWARD, Result.FORCED, Result.NEW, Result.NO_CHANGE)
                    .contains(r)) {
                throw new CommitFailure(repo, "cannot move HEAD (" + r + ")", null);
            }
        } catch (IOException e) {
            throw new CommitFailure(repo, "cannot move HEAD", e);
        }
    }

    private PersonIdent author(CommitMessage m) {
        if (m.author().isEmpty()) {
            return committer;
        }
        return m.date()
                .map(d -> new PersonIdent(m.authorName(), m.authorMail(), d.toInstant(), d.getOffset()))
                .orElseGet(() -> new PersonIdent(
                        m.authorName(), m.authorMail(), committer.getWhenAsInstant(), committer.getZoneId()));
    }

    private static PersonIdent committer(Repository repo, Clock clock) {
        UserConfig uc = repo.getConfig().get(UserConfig.KEY);
        // patchpin's own name where the repository configuration names none
        String name = uc.isCommitterNameImplicit() ? "patchpin" : uc.getCommitterName();
        String mail = uc.isCommitterEmailImplicit() ? "patchpin@localhost" : uc.getCommitterEmail();
        return new PersonIdent(name, mail, clock.instant(), clock.getZone());
    }
}
