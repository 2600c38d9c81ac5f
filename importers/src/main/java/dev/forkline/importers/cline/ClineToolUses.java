package dev.forkline.importers.cline;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cline's tool uses as the model writes them in its text (before native tool calling): an XML-like element per tool,
 * {@code <read_file><path>src/a.ts</path></read_file>}, whose child elements are the arguments. Only Cline's and Roo
 * Code's tool names are read, so Markdown or HTML in an answer is not taken for a call.
 */
final class ClineToolUses {

    static final String TOOL_NAMES = "read_file|write_to_file|replace_in_file|execute_command|list_files|search_files"
            + "|list_code_definition_names|browser_action|use_mcp_tool|access_mcp_resource|ask_followup_question|attempt_completion"
            + "|new_task|plan_mode_respond|apply_diff|insert_content|search_and_replace|switch_mode|fetch_instructions"
            + "|codebase_search|update_todo_list|new_rule|load_mcp_documentation|condense|report_bug|web_fetch|focus_chain";
    private static final Pattern TOOL = Pattern.compile("<(" + TOOL_NAMES + ")>(.*?)</\\1>", Pattern.DOTALL);
    private static final Pattern PARAMETER = Pattern.compile("<([a-z_]+)>(.*?)</\\1>", Pattern.DOTALL);
    /** How Cline opens a tool's result in the next user message: {@code [read_file for 'a.ts'] Result:}. */
    static final Pattern RESULT = Pattern.compile("^\\[(" + TOOL_NAMES + ")(?: for [^\\]]*)?\\] Result:", Pattern.DOTALL);

    record ToolUse(String name, ObjectNode arguments) {
    }

    private ClineToolUses() {
    }

    static List<ToolUse> in(String text) {
        List<ToolUse> uses = new ArrayList<>();
        Matcher tool = TOOL.matcher(text == null ? "" : text);
        while (tool.find()) {
            ObjectNode arguments = Json.object();
            Matcher parameter = PARAMETER.matcher(tool.group(2));
            while (parameter.find()) {
                arguments.put(parameter.group(1), strip(parameter.group(2)));
            }
            uses.add(new ToolUse(tool.group(1), arguments));
        }
        return uses;
    }

    /** A parameter's value without the newline Cline puts after the opening and before the closing tag. */
    private static String strip(String value) {
        String v = value.startsWith("\n") ? value.substring(1) : value;
        return v.endsWith("\n") ? v.substring(0, v.length() - 1) : v;
    }
}
