package io.patchpin.gitstatus;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.SortedSet;
import java.util.TreeSet;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.submodule.SubmoduleWalk.IgnoreSubmoduleMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stat walk finds what JGit's full status finds, on every kind of change git status knows. */
class WorkTreeStatusTest {
    @TempDir
    Path tmp;

    @Test
    void findsWhatAFullStatusFinds() throws Exception {
        Repo child = Repo.init(tmp.resolve("child")).write("c.txt", "c\n");
        child.commit("child");
        Repo r = Repo.init(tmp.resolve("work"));
        r.write("keep.txt", "same\n")
                .write("edit.txt", "one\n")
                .write("gone.txt", "x\n")
                .write("staged.txt", "s\n")
                .write("sameSize.txt", "abc\n")
                .write("mode.sh", "echo\n")
                .write("src/deep/a.c", "int a;\n")
                .write("build/tracked.o", "o\n")
                .write(".gitignore", "build/\n*.log\n!keep.log\n")
                .write("src/.gitignore", "generated/\n");
        r.addSubmodule("sub", child);
        r.git("add", "-f", "build/tracked.o");
        r.commit("base");

        Files.writeString(r.dir().resolve("edit.txt"), "two\n", StandardCharsets.UTF_8);
        Files.delete(r.dir().resolve("gone.txt"));
        Files.writeString(r.dir().resolve("staged.txt"), "staged\n", StandardCharsets.UTF_8);
        r.git("add", "staged.txt");
        // same size, another time: the content is read and tells
        Path same = r.dir().resolve("sameSize.txt");
        FileTime t = Files.getLastModifiedTime(same);
        Files.writeString(same, "xyz\n", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(same, FileTime.fromMillis(t.toMillis() - 60_000));
        // touched, content as committed: not a change
        Path keep = r.dir().resolve("keep.txt");
        Files.setLastModifiedTime(
                keep, FileTime.fromMillis(Files.getLastModifiedTime(keep).toMillis() - 60_000));
        Files.setPosixFilePermissions(r.dir().resolve("mode.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(r.dir().resolve("build/tracked.o"), "changed\n", StandardCharsets.UTF_8);
        Files.writeString(r.dir().resolve("build/new.o"), "ignored\n", StandardCharsets.UTF_8);
        Files.writeString(r.dir().resolve("x.log"), "ignored\n", StandardCharsets.UTF_8);
        Files.writeString(r.dir().resolve("keep.log"), "not ignored\n", StandardCharsets.UTF_8);
        Files.createDirectories(r.dir().resolve("src/generated"));
        Files.writeString(r.dir().resolve("src/generated/g.c"), "ignored\n", StandardCharsets.UTF_8);
        Files.createDirectories(r.dir().resolve("newdir/inner"));
        Files.writeString(r.dir().resolve("newdir/inner/n.txt"), "new\n", StandardCharsets.UTF_8);
        Files.writeString(r.dir().resolve("sub/c.txt"), "inside the component\n", StandardCharsets.UTF_8);
        Files.writeString(r.dir().resolve("src/deep/b.c"), "int b;\n", StandardCharsets.UTF_8);
        // a folder without rules of its own still obeys its parents'; an untracked folder's own rules count
        Files.writeString(r.dir().resolve("src/deep/note.log"), "ignored from the top\n", StandardCharsets.UTF_8);
        Files.writeString(r.dir().resolve("newdir/inner/.gitignore"), "*.tmp\n", StandardCharsets.UTF_8);
        Files.writeString(r.dir().resolve("newdir/inner/t.tmp"), "ignored here\n", StandardCharsets.UTF_8);

        WorkTreeStatus s = WorkTreeStatus.of(r.dir());

        assertThat(s.changed()).containsExactlyElementsOf(fullStatus(r.dir()));
        assertThat(s.changed())
                .containsExactly(
                        "build/tracked.o",
                        "edit.txt",
                        "gone.txt",
                        "keep.log",
                        "mode.sh",
                        "newdir/inner/.gitignore",
                        "newdir/inner/n.txt",
                        "sameSize.txt",
                        "src/deep/b.c",
                        "staged.txt");
        assertThat(s.head()).isEqualTo(r.head());
    }

    @Test
    void aCleanCheckoutHasNoChanges() {
        Repo r = Repo.init(tmp.resolve("clean"));
        for (int i = 0; i < 50; i++) {
            r.write("d" + (i % 5) + "/f" + i + ".txt", "file " + i + "\n");
        }
        r.commit("base");
        r.git("status", "--porcelain");
        assertThat(WorkTreeStatus.of(r.dir()).changed()).isEmpty();
    }

    /** What the previous implementation reported: JGit's status, gitlinks ignored. */
    private static SortedSet<String> fullStatus(Path dir) throws Exception {
        try (Git git = Git.open(dir.toFile())) {
            Status s = git.status().setIgnoreSubmodules(IgnoreSubmoduleMode.ALL).call();
            SortedSet<String> out = new TreeSet<>();
            out.addAll(s.getModified());
            out.addAll(s.getChanged());
            out.addAll(s.getAdded());
            out.addAll(s.getRemoved());
            out.addAll(s.getMissing());
            out.addAll(s.getUntracked());
            return out;
        }
    }
}
