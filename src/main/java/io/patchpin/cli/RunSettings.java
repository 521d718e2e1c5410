package io.patchpin.cli;

import io.patchpin.core.Settings;
import picocli.CommandLine.Model.CommandSpec;

/** The root command's hold on the settings {@link Main#run} read for this run, which its verbs reach through it. */
interface RunSettings {
    Settings settings();

    /** The settings of the run {@code command} belongs to. */
    static Settings of(CommandSpec command) {
        return ((RunSettings) command.root().userObject()).settings();
    }
}
