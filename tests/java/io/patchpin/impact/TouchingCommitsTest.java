package io.patchpin.impact;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Repo;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one walk of bump impact against C git's git log OLD..NEW -- FILES on a history with merges and a rename. */
class TouchingCommitsTest {
    @TempDir
    Path tmp;

    @Test
    void listsWhatGitLogListsThroughMergesOldestFirst() throws Exception {
        Repo r = Repo.init(tmp.resolve("up"));
        r.write("a.txt", "a\n").write("b.txt", "b\n").write("c.txt", "c\n").commit("start");
        String old = r.head();
        r.write("a.txt", "a1\n").commit("main: a");
        r.git("checkout", "-q", "-b", "side");
        r.write("a.txt", "a1\nside\n").commit("side: a");
        r.write("c.txt", "c1\n").commit("side: c only");
        r.git("checkout", "-q", "-");
        r.write("b.txt", "b1\n").commit("main: b");
        r.git("merge", "-q", "--no-ff", "-m", "merge side", "side");
        r.git("checkout", "-q", "-b", "same");
        r.write("c.txt", "c2\n").commit("same: c");
        r.git("checkout", "-q", "-");
        r.git("merge", "-q", "--no-ff", "-m", "merge same (a untouched)", "same");
        r.git("mv", "a.txt", "moved.txt");
        r.commit("rename a");
        String now = r.head();
        List<String> paths = List.of("a.txt", "b.txt", "moved.txt");
        List<String> git = Arrays.stream(
                        r.git(concat(List.of("log", "--reverse", "--format=%H", old + ".." + now, "--"), paths))
                                .split("\n"))
                .filter(s -> !s.isBlank())
                .toList();
        try (Repository repo = new FileRepositoryBuilder()
                .setGitDir(tmp.resolve("up/.git").toFile())
                .build()) {
            List<TouchingCommits.Found> found = TouchingCommits.walk(repo, repo.resolve(old), repo.resolve(now), paths);
            assertThat(found).extracting(TouchingCommits.Found::commit).containsExactlyElementsOf(git);
            assertThat(found)
                    .extracting(TouchingCommits.Found::subject)
                    .contains("side: a", "rename a")
                    .doesNotContain("side: c only", "same: c", "merge same (a untouched)");
            TouchingCommits.Found rename = found.get(found.size() - 1);
            assertThat(rename.changed().keySet()).containsExactly("a.txt", "moved.txt");
            assertThat(rename.changed().get("a.txt").after()).isNull();
            assertThat(rename.changed().get("moved.txt").before()).isNull();
            assertThat(TouchingCommits.walk(repo, repo.resolve(old), repo.resolve(now), List.of()))
                    .isEmpty();
        }
    }

    private static String[] concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toArray(String[]::new);
    }
}
