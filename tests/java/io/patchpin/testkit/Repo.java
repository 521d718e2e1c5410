package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEditor;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.CommitConfig.CleanupMode;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * A real git repository in a temp folder. Made, staged and committed in-process with JGit as C git would (the
 * same identity and the fixed clock of {@link Git}): three git processes per commit were half the suite's git runs.
 * Submodules are added by C git, which lays out {@code .git/modules} and the gitfile as users have them; {@link
 * #git} runs C git for anything else.
 */
public final class Repo {
    private final Path dir;

    private Repo(Path dir) {
        this.dir = dir;
    }

    /** Creates a new repository (branch main) at {@code dir}. */
    public static Repo init(Path dir) {
        try {
            org.eclipse.jgit.api.Git.init()
                    .setDirectory(dir.toFile())
                    .setInitialBranch("main")
                    .call()
                    .close();
            return new Repo(dir);
        } catch (GitAPIException e) {
            throw new IllegalStateException("git init " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Wraps an existing work tree. */
    public static Repo at(Path dir) {
        return new Repo(dir);
    }

    public Path dir() {
        return dir;
    }

    /** {@code file://} URL of this repository. */
    public String url() {
        return dir.toAbsolutePath().toUri().toString().replaceAll("/$", "");
    }

    public Repo write(String path, String content) {
        try {
            Path p = dir.resolve(path);
            Files.createDirectories(p.getParent());
            Files.writeString(p, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public String read(String path) {
        try {
            return Files.readString(dir.resolve(path), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code git rm}: deletes {@code path} from the work tree and the index. */
    public Repo delete(String path) {
        jgit(git -> git.rm().addFilepattern(path).call());
        return this;
    }

    /**
     * {@code git add} of {@code paths} ({@code -A}: everything, when none is given), then {@code git commit
     * --allow-empty -m message}; returns the new commit id.
     */
    public String commit(String message, String... paths) {
        return jgit(git -> {
            add(git, paths);
            return commitIndex(git, message, null);
        });
    }

    /**
     * {@code git add -A}, then {@code git commit --allow-empty --author "name <email>" --date when -m message}: a
     * commit someone else wrote (the committer is still the kit's identity, at the fixed clock); returns its id.
     */
    public String commitAs(String name, String email, OffsetDateTime when, String message) {
        return jgit(git -> {
            add(git);
            return commitIndex(git, message, new PersonIdent(name, email, when.toInstant(), when.getOffset()));
        });
    }

    /** {@code git commit --allow-empty -m message}: commits the index as it is, adding nothing; returns the id. */
    public String commitStaged(String message) {
        return jgit(git -> commitIndex(git, message, null));
    }

    /** {@code git tag name}: a lightweight tag at HEAD. */
    public Repo tag(String name) {
        jgit(git -> git.tag().setName(name).setAnnotated(false).call());
        return this;
    }

    private static void add(org.eclipse.jgit.api.Git git, String... paths) throws GitAPIException {
        var add = git.add();
        for (String path : paths.length == 0 ? new String[] {"."} : paths) {
            add.addFilepattern(path);
        }
        add.call();
    }

    /** Commits the index, as {@code author} (null: the committer), then writes the index's cached tree. */
    private static String commitIndex(org.eclipse.jgit.api.Git git, String message, PersonIdent author)
            throws GitAPIException, IOException {
        PersonIdent who =
                new PersonIdent("Pat Pin", "pat@example.org", Instant.ofEpochSecond(Git.tick()), ZoneOffset.UTC);
        String id = git.commit()
                .setMessage(message)
                .setCleanupMode(CleanupMode.WHITESPACE)
                .setAllowEmpty(true)
                .setAuthor(author == null ? who : author)
                .setCommitter(who)
                .setSign(false)
                .call()
                .name();
        writeCachedTree(git.getRepository());
        return id;
    }

    /** {@code git update-index --add --cacheinfo 160000,commit,path}: stages a gitlink, with no work tree behind it. */
    public Repo gitlink(String path, String commit) {
        jgit(git -> {
            DirCacheEditor editor = git.getRepository().lockDirCache().editor();
            editor.add(new DirCacheEditor.PathEdit(path) {
                @Override
                public void apply(DirCacheEntry entry) {
                    entry.setFileMode(FileMode.GITLINK);
                    entry.setObjectId(ObjectId.fromString(commit));
                }
            });
            editor.commit();
            return null;
        });
        return this;
    }

    public String head() {
        return id("HEAD");
    }

    /** {@code git rev-parse revision}, in process: the id it names ({@code HEAD~1}, {@code main:path}, ...). */
    public String id(String revision) {
        return jgit(git -> {
            ObjectId id = git.getRepository().resolve(revision);
            if (id == null) {
                throw new IllegalStateException("no object " + revision + " in " + dir);
            }
            return id.name();
        });
    }

    /** Adds {@code child} as a submodule at {@code path} (name = path) by its file:// URL. */
    public Repo addSubmodule(String path, Repo child) {
        Git.run(dir, "submodule", "add", "-q", child.url(), path);
        return this;
    }

    /**
     * Records {@code child}'s HEAD as the submodule at {@code path} (name = path, by its file:// URL): the
     * .gitmodules section and the gitlink {@link #addSubmodule} stages, without its clone and checkout. For an
     * upstream that is only cloned from, whose own checkout of the submodule no one reads; commit it by naming
     * its paths ({@code commit(message, ".gitmodules", ...)}), as {@code git add -A} would drop a gitlink with
     * nothing checked out.
     */
    public Repo linkSubmodule(String path, Repo child) {
        return linkSubmodule(path, child.url(), child);
    }

    /** {@link #linkSubmodule(String, Repo)} with the URL as given ({@code ../half}: relative to this repository's). */
    public Repo linkSubmodule(String path, String url, Repo child) {
        String before = Files.exists(dir.resolve(".gitmodules")) ? read(".gitmodules") : "";
        write(".gitmodules", before + "[submodule \"" + path + "\"]\n\tpath = " + path + "\n\turl = " + url + "\n");
        return gitlink(path, child.head());
    }

    /** Sets {@code submodule.<name>.branch} in .gitmodules. */
    public Repo submoduleBranch(String name, String branch) {
        Git.run(dir, "config", "-f", ".gitmodules", "submodule." + name + ".branch", branch);
        return this;
    }

    /**
     * Moves the submodule at {@code path} to {@code commit} of its upstream: {@code git fetch origin} and {@code git
     * checkout commit} in the submodule, then the gitlink staged here in process, as {@code git add path} would.
     * Fetch and checkout stay C git's: in the test JVM, JGit's packing, indexing and checkout of a thousand new
     * files (RenamedFileTest) cost more than git's processes.
     */
    public Repo bumpSubmodule(String path, String commit) {
        Path sub = dir.resolve(path);
        Git.run(sub, "fetch", "-q", "origin");
        Git.run(sub, "checkout", "-q", commit);
        return gitlink(path, commit);
    }

    /**
     * {@code git config KEY VALUE} in the repository's own config, in process: {@code KEY} is {@code
     * section.name} or {@code section.subsection.name}.
     */
    public Repo config(String key, String value) {
        int first = key.indexOf('.');
        int last = key.lastIndexOf('.');
        String subsection = first == last ? null : key.substring(first + 1, last);
        jgit(git -> {
            StoredConfig config = git.getRepository().getConfig();
            config.setString(key.substring(0, first), subsection, key.substring(last + 1), value);
            config.save();
            return null;
        });
        return this;
    }

    public String git(String... args) {
        return Git.run(dir, args);
    }

    /**
     * Writes the index again with its cached tree (the TREE extension), as C git's commit leaves it: JGit's commit
     * leaves the index without one, and patchpin reads the cached tree (gitstatus/IndexFile).
     */
    private static void writeCachedTree(Repository repository) throws IOException {
        DirCache index = repository.lockDirCache();
        try (ObjectInserter inserter = repository.newObjectInserter()) {
            index.writeTree(inserter);
            index.write();
            index.commit();
        } finally {
            index.unlock();
        }
    }

    /** Runs {@code op} on the repository holding {@code dir}, found upwards from it as C git would. */
    private <T> T jgit(JGitOp<T> op) {
        try (var repository = new FileRepositoryBuilder()
                        .findGitDir(dir.toFile())
                        .setMustExist(true)
                        .build();
                var git = new org.eclipse.jgit.api.Git(repository)) {
            return op.run(git);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GitAPIException e) {
            throw new IllegalStateException(dir + ": " + e.getMessage(), e);
        }
    }

    private interface JGitOp<T> {
        T run(org.eclipse.jgit.api.Git git) throws IOException, GitAPIException;
    }
}
