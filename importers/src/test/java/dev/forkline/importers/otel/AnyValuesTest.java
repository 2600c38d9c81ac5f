package dev.forkline.importers.otel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.TestFiles;
import dev.forkline.trace.Json;
import org.junit.jupiter.api.Test;

class AnyValuesTest {

    private static JsonNode json(String singleQuoted) throws Exception {
        return Json.MAPPER.readTree(TestFiles.json(singleQuoted));
    }

    @Test
    void decodesEveryAnyValueKind() throws Exception {
        var values = AnyValues.keyValues(json("[{'key':'s','value':{'stringValue':'x'}},{'key':'i1','value':{'intValue':'9007199254740993'}},"
                + "{'key':'i2','value':{'intValue':7}},{'key':'d','value':{'doubleValue':'0.25'}},{'key':'b','value':{'boolValue':true}},"
                + "{'key':'a','value':{'arrayValue':{'values':[{'intValue':'1'},{'stringValue':'two'}]}}},"
                + "{'key':'k','value':{'kvlistValue':{'values':[{'key':'inner','value':{'boolValue':false}}]}}},"
                + "{'key':'empty','value':{}}]"));
        assertThat(values.get("s").asText()).isEqualTo("x");
        assertThat(values.get("i1").bigIntegerValue()).hasToString("9007199254740993");
        assertThat(values.get("i2").asLong()).isEqualTo(7);
        assertThat(values.get("d").decimalValue()).isEqualByComparingTo("0.25");
        assertThat(values.get("b").asBoolean()).isTrue();
        assertThat(values.get("a").toString()).isEqualTo("[1,\"two\"]");
        assertThat(values.get("k").path("inner").asBoolean(true)).isFalse();
        assertThat(values.get("empty").isNull()).isTrue();
    }

    @Test
    void idsKindsAndStatusesInTheirSeveralSpellings() throws Exception {
        assertThat(AnyValues.id(json("'5B8EFFF798038103D269B633813FC60C'"))).isEqualTo("5b8efff798038103d269b633813fc60c");
        assertThat(AnyValues.id(json("'W47/95gDgQPSabYzgT/GDA=='"))).isEqualTo("5b8efff798038103d269b633813fc60c");
        assertThat(AnyValues.id(json("''"))).isNull();
        assertThat(AnyValues.kind(json("3"))).isEqualTo("CLIENT");
        assertThat(AnyValues.kind(json("'SPAN_KIND_SERVER'"))).isEqualTo("SERVER");
        assertThat(AnyValues.status(json("2"))).isEqualTo("ERROR");
        assertThat(AnyValues.status(json("'STATUS_CODE_ERROR'"))).isEqualTo("ERROR");
        assertThat(AnyValues.status(json("'STATUS_CODE_OK'"))).isEqualTo("OK");
        assertThat(AnyValues.status(null)).isEqualTo("UNSET");
        var tags = AnyValues.jaegerTags(json("[{'key':'n','type':'int64','value':'42'},{'key':'f','type':'bool','value':'true'}]"));
        assertThat(tags.get("n").asLong()).isEqualTo(42);
        assertThat(tags.get("f").asBoolean()).isTrue();
    }
}
