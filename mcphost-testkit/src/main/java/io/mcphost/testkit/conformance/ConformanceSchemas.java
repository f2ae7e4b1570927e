package io.mcphost.testkit.conformance;

/** The JSON Schemas the conformance fixture's tools use, as text. Constants only. */
final class ConformanceSchemas {
    static final String NAME = "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}";
    static final String COLOR = "{\"type\":\"object\",\"properties\":{\"color\":{\"type\":\"string\"}},\"required\":[\"color\"]}";
    static final String OK = "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}},\"required\":[\"ok\"]}";
    static final String CONTEXT = "{\"type\":\"object\",\"properties\":{\"context\":{\"type\":\"string\"}},\"required\":[\"context\"]}";
    static final String USER_AND_EMAIL = """
            {"type":"object","properties":{
              "username":{"type":"string","description":"User's response"},
              "email":{"type":"string","description":"User's email address"}},
             "required":["username","email"]}""";
    /** SEP-1034: a default for every primitive type. */
    static final String DEFAULTS = """
            {"type":"object","properties":{
              "name":{"type":"string","default":"John Doe"},
              "age":{"type":"integer","default":30},
              "score":{"type":"number","default":95.5},
              "status":{"type":"string","enum":["active","inactive","pending"],"default":"active"},
              "verified":{"type":"boolean","default":true}}}""";
    /** SEP-1330: the five enum forms. */
    static final String ENUMS = """
            {"type":"object","properties":{
              "untitledSingle":{"type":"string","enum":["option1","option2","option3"]},
              "titledSingle":{"type":"string","oneOf":[{"const":"value1","title":"First Option"},
                  {"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},
              "legacyEnum":{"type":"string","enum":["opt1","opt2","opt3"],
                  "enumNames":["Option One","Option Two","Option Three"]},
              "untitledMulti":{"type":"array","items":{"type":"string","enum":["option1","option2","option3"]}},
              "titledMulti":{"type":"array","items":{"anyOf":[{"const":"value1","title":"First Choice"},
                  {"const":"value2","title":"Second Choice"},{"const":"value3","title":"Third Choice"}]}}}}""";
    /** SEP-1613 / SEP-2106: 2020-12 keywords a server must pass through unchanged. */
    static final String JSON_SCHEMA_2020_12 = """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
             "$defs":{"address":{"$anchor":"addressDef","type":"object",
                 "properties":{"street":{"type":"string"},"city":{"type":"string"}}}},
             "properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"},
                 "contactMethod":{"type":"string","enum":["phone","email"]},
                 "phone":{"type":"string"},"email":{"type":"string"}},
             "allOf":[{"anyOf":[{"required":["phone"]},{"required":["email"]}]}],
             "if":{"properties":{"contactMethod":{"const":"phone"}},"required":["contactMethod"]},
             "then":{"required":["phone"]},"else":{"required":["email"]},
             "additionalProperties":false}""";

    private ConformanceSchemas() {
    }
}
