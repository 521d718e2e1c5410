package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A superproject with one submodule, {@code deps/sub}, locked; the lockfile's component renamed, then synced into a
 * fresh clone of the superproject ({@code fresh}, a copy of one clone made per superproject): how a hostile or
 * mistaken lockfile name reaches sync.
 *
 * @param line the lockfile line that names the component
 */
public record RenamedLockSync(Cli.Run sync, Path lock, int line, Path fresh) {
    /** The superproject under {@code tmp/up/super}, its submodule {@code deps/sub} from {@code tmp/up/sub}. */
    public static Repo superproject(Path tmp) {
        Repo sub = Repo.init(tmp.resolve("up/sub")).write("s.txt", "s\n");
        sub.commit("sub");
        Repo sup = Repo.init(tmp.resolve("up/super")).write("t.txt", "t\n");
        Git.run(sup.dir(), "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.url(), "deps/sub");
        sup.commit("super");
        return sup;
    }

    /** Locks {@link #superproject}, names its component {@code name} in the lockfile, and syncs a fresh clone. */
    public static RenamedLockSync run(Path tmp, String name) {
        return run(superproject(tmp), tmp, name);
    }

    /** As {@link #run(Path, String)}, on {@code sup} made by {@link #superproject} (only read), outside {@code tmp}. */
    public static RenamedLockSync run(Repo sup, Path tmp, String name) {
        Path lock = tmp.resolve("l.lock.toml");
        Cli.ok("lock", "--repo", sup.dir(), "-o", lock);
        try {
            String text = Files.readString(lock, StandardCharsets.UTF_8)
                    .replace("name = \"deps/sub\"", "name = \"" + name + "\"");
            Files.writeString(lock, text, StandardCharsets.UTF_8);
            int line = (int) text.lines()
                            .takeWhile(l -> !l.equals("path = \"deps/sub\""))
                            .count()
                    + 2;
            // one clone per superproject, copied for each sync: every copy is what a clone made here would hold
            Path clone = sup.dir().resolveSibling(sup.dir().getFileName() + "-clone");
            Folders.makeOnce(
                    clone,
                    d -> Git.run(tmp, "clone", "-q", "-c", "protocol.file.allow=always", sup.url(), d.toString()));
            Path fresh = tmp.resolve("fresh");
            Folders.copyCheckout(clone, fresh);
            return new RenamedLockSync(Cli.run("sync", "--repo", fresh, lock), lock, line, fresh);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
