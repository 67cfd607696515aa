import { DEVICES, type DeviceId } from './devices.js';

interface DeviceSwitchProps {
  readonly device: DeviceId;
  readonly onChange: (device: DeviceId) => void;
}

/** Desktop, Tablet or Phone: the width the preview is shown at. */
export function DeviceSwitch({ device, onChange }: DeviceSwitchProps) {
  return (
    <div className="device-switch" role="group" aria-label="Preview width">
      {DEVICES.map((d) => (
        <button key={d.id} type="button" className="secondary" aria-pressed={d.id === device} onClick={() => onChange(d.id)}>
          {d.label}
          {d.width && <span className="device-width"> {d.width} px</span>}
        </button>
      ))}
    </div>
  );
}
