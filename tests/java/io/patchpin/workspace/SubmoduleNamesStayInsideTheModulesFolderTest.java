package io.patchpin.workspace;

import static io.patchpin.testkit.Asserts.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A submodule's name becomes a folder under .git/modules: a name that would leave it or hide in it is refused. */
class SubmoduleNamesStayInsideTheModulesFolderTest {
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "''| empty submodule name",
                "a\\b| holds a control character or a backslash",
                "a\tb| holds a control character or a backslash",
                "/etc| is an absolute path",
                "~/x| is an absolute path",
                "C:/x| is an absolute path",
                "a/../../x| escapes the modules folder with '..'",
                "..| escapes the modules folder with '..'",
                "a//b| holds an empty or '.' segment",
                "a/./b| holds an empty or '.' segment",
                "a/| holds an empty or '.' segment",
                "a/.GIT/b| holds a '.git' segment",
            })
    void aNameThatWouldLeaveOrHideInTheFolderIsRefused(String name, String why) {
        assertThat(SubmoduleName.problem(name))
                .hasValueSatisfying(p -> assertThat(p).endsWith(why));
    }

    @Test
    void aNullNameIsEmpty() {
        assertThat(SubmoduleName.problem(null)).contains("empty submodule name");
    }

    @Test
    void ordinaryNamesAreKept() {
        assertThat(SubmoduleName.problem("compiler/amd-llvm")).isEmpty();
        assertThat(SubmoduleName.problem("a")).isEmpty();
        assertThat(SubmoduleName.problem(".hidden/x.y")).isEmpty();
    }
}
