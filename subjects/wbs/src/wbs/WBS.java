/*
 * WBS: the Wheel Brake System model used in the SPF and DiSE papers (Java code generated from a
 * Simulink/Stateflow model of an aircraft's wheel brake system, ARP 4761).
 *
 * Written for jsymex from the model's described behaviour, in the style of the generated code
 * (one flat update() with WBS_Node_... locals computed by if/else ladders and unit delays kept
 * in fields). One update() is one synchronous step with inputs PedalPos (the brake pedal
 * position sensor, 0..4), AutoBrake and Skid, and outputs Nor_Pressure (brake pressure of the
 * normal, green hydraulic system), Alt_Pressure (of the alternate, blue system) and Sys_Mode
 * (0 normal, 1 alternate). Blocks:
 *  - BSCU (brake system control unit): pedal command from the pedal position (a 5-way ladder,
 *    out-of-range positions command nothing), the autobrake command (normal mode only), the
 *    brake command (the larger of the two), anti-skid (a skid releases the normal command);
 *  - SystemModeSelCmd: the BSCU switches to alternate mode when in the previous step it
 *    commanded braking while the normal system delivered no pressure (e.g. a skid release was
 *    taken for a failure), and the alternate mode latches;
 *  - Green_Pump / Blue_Pump, the Selector_Valve (routes the supply to the normal or the
 *    alternate circuit), the Accumulator_Valve (backs the blue pump up), and the two meter valves
 *    (Meter_Valve for the normal circuit, commanded by the BSCU; AS_MeterValve for the
 *    alternate circuit, commanded mechanically by the pedal through the anti-skid valve), each a
 *    ladder letting through 0, 1/4, 1/2, 3/4 or all of the supply pressure.
 * Every update() branches on each input exactly once (6 x 2 x 2 = 24 paths per call); all the
 * other decisions depend only on constants assigned on the path and on the state.
 * Adapted: no I/O; the exact constants of the original generated code are not reproduced.
 */
package wbs;

public class WBS {
    /** Full pump pressure. */
    static final int PUMP_PRESSURE = 100;
    /** Pressure held by the accumulator. */
    static final int ACCUMULATOR_PRESSURE = 50;

    // Internal state (unit delays).
    private int WBS_Node_WBS_BSCU_SystemModeSelCmd_rlt_PRE;
    private int WBS_Node_WBS_BSCU_rlt_PRE1;
    private int WBS_Node_WBS_rlt_PRE2;

    // Outputs.
    public int Nor_Pressure;
    public int Alt_Pressure;
    public int Sys_Mode;

    public WBS() {
        WBS_Node_WBS_BSCU_SystemModeSelCmd_rlt_PRE = 0;
        WBS_Node_WBS_BSCU_rlt_PRE1 = 0;
        WBS_Node_WBS_rlt_PRE2 = 100;
        Nor_Pressure = 0;
        Alt_Pressure = 0;
        Sys_Mode = 0;
    }

    /** The fraction of the supply a meter valve lets through for a command 0..4 (else none). */
    static int meter(int command, int supply) {
        int out;
        if (command == 0) {
            out = 0;
        } else if (command == 1) {
            out = supply / 4;
        } else if (command == 2) {
            out = supply / 2;
        } else if (command == 3) {
            out = supply * 3 / 4;
        } else if (command == 4) {
            out = supply;
        } else {
            out = 0;
        }
        return out;
    }

    public void update(int PedalPos, boolean AutoBrake, boolean Skid) {
        int WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1;
        int WBS_Node_WBS_BSCU_Command_AutoBrake_Switch;
        int WBS_Node_WBS_BSCU_Command_Switch;
        boolean WBS_Node_WBS_BSCU_Command_Is_Normal_Relational_Operator;
        int WBS_Node_WBS_BSCU_Command_AntiSkidCommand_Normal_Switch;
        boolean WBS_Node_WBS_BSCU_SystemModeSelCmd_Logical_Operator6;
        int WBS_Node_WBS_BSCU_SystemModeSelCmd_Unit_Delay;
        int WBS_Node_WBS_BSCU_Switch2;
        int WBS_Node_WBS_BSCU_Switch3;
        int WBS_Node_WBS_BSCU_Unit_Delay1;
        int WBS_Node_WBS_Unit_Delay2;
        int WBS_Node_WBS_Green_Pump_IsEnabled_Switch;
        int WBS_Node_WBS_Blue_Pump_IsEnabled_Switch;
        int WBS_Node_WBS_Selector_Valve_Switch;
        int WBS_Node_WBS_Selector_Valve_Normal_Out;
        int WBS_Node_WBS_Selector_Valve_Alternate_Out;
        int WBS_Node_WBS_AccumulatorValve_Switch;
        int WBS_Node_WBS_Meter_Valve_Command;
        int WBS_Node_WBS_Meter_Valve_Switch;
        int WBS_Node_WBS_AS_MeterValve_Command;
        int WBS_Node_WBS_AS_MeterValve_Switch;

        WBS_Node_WBS_Unit_Delay2 = WBS_Node_WBS_rlt_PRE2;
        WBS_Node_WBS_BSCU_Unit_Delay1 = WBS_Node_WBS_BSCU_rlt_PRE1;
        WBS_Node_WBS_BSCU_SystemModeSelCmd_Unit_Delay = WBS_Node_WBS_BSCU_SystemModeSelCmd_rlt_PRE;

        WBS_Node_WBS_BSCU_Command_Is_Normal_Relational_Operator = (WBS_Node_WBS_BSCU_SystemModeSelCmd_Unit_Delay == 0);

        // BSCU: pedal position sensor -> pedal command.
        if (PedalPos == 0) {
            WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1 = 0;
        } else if (PedalPos == 1) {
            WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1 = 1;
        } else if (PedalPos == 2) {
            WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1 = 2;
        } else if (PedalPos == 3) {
            WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1 = 3;
        } else if (PedalPos == 4) {
            WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1 = 4;
        } else {
            WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1 = 0;
        }

        // BSCU: autobrake (available in normal mode only).
        if (AutoBrake && WBS_Node_WBS_BSCU_Command_Is_Normal_Relational_Operator) {
            WBS_Node_WBS_BSCU_Command_AutoBrake_Switch = 1;
        } else {
            WBS_Node_WBS_BSCU_Command_AutoBrake_Switch = 0;
        }

        // BSCU: brake command = the larger of the pedal and the autobrake commands.
        if (WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1 >= WBS_Node_WBS_BSCU_Command_AutoBrake_Switch) {
            WBS_Node_WBS_BSCU_Command_Switch = WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1;
        } else {
            WBS_Node_WBS_BSCU_Command_Switch = WBS_Node_WBS_BSCU_Command_AutoBrake_Switch;
        }

        // BSCU: anti-skid releases the brake on a skid.
        if (Skid) {
            WBS_Node_WBS_BSCU_Command_AntiSkidCommand_Normal_Switch = 0;
        } else {
            WBS_Node_WBS_BSCU_Command_AntiSkidCommand_Normal_Switch = WBS_Node_WBS_BSCU_Command_Switch;
        }

        // System mode selection: go to (and stay in) alternate mode when braking was commanded
        // in the previous step but the normal system delivered no pressure.
        WBS_Node_WBS_BSCU_SystemModeSelCmd_Logical_Operator6 =
            ((!(WBS_Node_WBS_BSCU_Unit_Delay1 == 0)) && (WBS_Node_WBS_Unit_Delay2 <= 0)
                && WBS_Node_WBS_BSCU_Command_Is_Normal_Relational_Operator)
            || (!WBS_Node_WBS_BSCU_Command_Is_Normal_Relational_Operator);

        if (WBS_Node_WBS_BSCU_SystemModeSelCmd_Logical_Operator6) {
            WBS_Node_WBS_BSCU_Switch3 = 1;
        } else {
            WBS_Node_WBS_BSCU_Switch3 = 0;
        }

        // The BSCU's command to the normal system (none in alternate mode).
        if (WBS_Node_WBS_BSCU_SystemModeSelCmd_Logical_Operator6) {
            WBS_Node_WBS_BSCU_Switch2 = 0;
        } else {
            WBS_Node_WBS_BSCU_Switch2 = WBS_Node_WBS_BSCU_Command_Switch;
        }

        // Green pump (normal system) runs in normal mode; the blue pump (alternate) otherwise.
        if (WBS_Node_WBS_BSCU_Switch3 == 0) {
            WBS_Node_WBS_Green_Pump_IsEnabled_Switch = PUMP_PRESSURE;
        } else {
            WBS_Node_WBS_Green_Pump_IsEnabled_Switch = 0;
        }
        if (WBS_Node_WBS_Green_Pump_IsEnabled_Switch == 0) {
            WBS_Node_WBS_Blue_Pump_IsEnabled_Switch = PUMP_PRESSURE;
        } else {
            WBS_Node_WBS_Blue_Pump_IsEnabled_Switch = 0;
        }

        // Accumulator valve: the accumulator backs up the blue pump.
        if (WBS_Node_WBS_Blue_Pump_IsEnabled_Switch > 0) {
            WBS_Node_WBS_AccumulatorValve_Switch = WBS_Node_WBS_Blue_Pump_IsEnabled_Switch;
        } else {
            WBS_Node_WBS_AccumulatorValve_Switch = ACCUMULATOR_PRESSURE;
        }

        // Selector valve: the normal circuit while green pressure is available, else the
        // alternate circuit.
        if (WBS_Node_WBS_Green_Pump_IsEnabled_Switch > 0) {
            WBS_Node_WBS_Selector_Valve_Switch = 0;
            WBS_Node_WBS_Selector_Valve_Normal_Out = WBS_Node_WBS_Green_Pump_IsEnabled_Switch;
            WBS_Node_WBS_Selector_Valve_Alternate_Out = 0;
        } else {
            WBS_Node_WBS_Selector_Valve_Switch = 1;
            WBS_Node_WBS_Selector_Valve_Normal_Out = 0;
            WBS_Node_WBS_Selector_Valve_Alternate_Out = WBS_Node_WBS_AccumulatorValve_Switch;
        }

        // Normal meter valve: commanded by the BSCU, after anti-skid.
        if (WBS_Node_WBS_BSCU_SystemModeSelCmd_Logical_Operator6) {
            WBS_Node_WBS_Meter_Valve_Command = 0;
        } else {
            WBS_Node_WBS_Meter_Valve_Command = WBS_Node_WBS_BSCU_Command_AntiSkidCommand_Normal_Switch;
        }
        WBS_Node_WBS_Meter_Valve_Switch = meter(WBS_Node_WBS_Meter_Valve_Command, WBS_Node_WBS_Selector_Valve_Normal_Out);

        // Alternate meter valve: the mechanical pedal through the anti-skid valve.
        if (WBS_Node_WBS_Selector_Valve_Switch == 1) {
            if (WBS_Node_WBS_BSCU_Command_AntiSkidCommand_Normal_Switch == 0) {
                WBS_Node_WBS_AS_MeterValve_Command = 0;
            } else {
                WBS_Node_WBS_AS_MeterValve_Command = WBS_Node_WBS_BSCU_Command_PedalCommand_Switch1;
            }
        } else {
            WBS_Node_WBS_AS_MeterValve_Command = 0;
        }
        WBS_Node_WBS_AS_MeterValve_Switch = meter(WBS_Node_WBS_AS_MeterValve_Command, WBS_Node_WBS_Selector_Valve_Alternate_Out);

        Nor_Pressure = WBS_Node_WBS_Meter_Valve_Switch;
        Alt_Pressure = WBS_Node_WBS_AS_MeterValve_Switch;
        Sys_Mode = WBS_Node_WBS_BSCU_Switch3;

        WBS_Node_WBS_rlt_PRE2 = Nor_Pressure;
        WBS_Node_WBS_BSCU_rlt_PRE1 = WBS_Node_WBS_BSCU_Switch2;
        WBS_Node_WBS_BSCU_SystemModeSelCmd_rlt_PRE = WBS_Node_WBS_BSCU_Switch3;
    }

    /** The outputs as one number: Nor_Pressure * 10000 + Alt_Pressure * 10 + Sys_Mode. */
    public int outputs() {
        return Nor_Pressure * 10000 + Alt_Pressure * 10 + Sys_Mode;
    }
}
