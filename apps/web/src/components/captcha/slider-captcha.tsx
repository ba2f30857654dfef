import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent, type TouchEvent } from 'react';
import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { theme } from 'antd';

export const SLIDER_CAPTCHA_TEXT = { idle: '拖动滑块验证', success: '验证通过' } as const;

export interface SliderCaptchaProps {
  /** Track width in px. */
  width?: number;
  height?: number;
  /** Called once the handle reaches the end of the track. */
  onSuccess?: () => void;
}

/**
 * Drag-to-verify slider: 拖动滑块验证 until the handle is dragged all the way right, then 验证通过.
 * Releasing the handle before the end sends it back to the start.
 */
export function SliderCaptcha({ width = 300, height = 40, onSuccess }: SliderCaptchaProps) {
  const { token } = theme.useToken();
  const [offset, setOffset] = useState(0);
  const [verified, setVerified] = useState(false);
  const drag = useRef<{ startX: number } | null>(null);
  const offsetRef = useRef(0);
  const max = width - height;

  const move = (clientX: number) => {
    if (!drag.current) return;
    const next = Math.min(max, Math.max(0, clientX - drag.current.startX));
    offsetRef.current = next;
    setOffset(next);
  };

  const release = () => {
    if (!drag.current) return;
    drag.current = null;
    // Anything short of the end (allowing for sub-pixel pointer positions) counts as a failed attempt.
    if (offsetRef.current >= max - 1) {
      offsetRef.current = max;
      setOffset(max);
      setVerified(true);
      onSuccess?.();
    } else {
      offsetRef.current = 0;
      setOffset(0);
    }
  };

  const moveRef = useRef(move);
  const releaseRef = useRef(release);
  useEffect(() => {
    moveRef.current = move;
    releaseRef.current = release;
  });

  useEffect(() => {
    const onMouseMove = (event: MouseEvent) => moveRef.current(event.clientX);
    const onTouchMove = (event: globalThis.TouchEvent) => {
      const touch = event.touches[0];
      if (touch) moveRef.current(touch.clientX);
    };
    const onUp = () => releaseRef.current();
    document.addEventListener('mousemove', onMouseMove);
    document.addEventListener('mouseup', onUp);
    document.addEventListener('touchmove', onTouchMove);
    document.addEventListener('touchend', onUp);
    return () => {
      document.removeEventListener('mousemove', onMouseMove);
      document.removeEventListener('mouseup', onUp);
      document.removeEventListener('touchmove', onTouchMove);
      document.removeEventListener('touchend', onUp);
    };
  }, []);

  const start = (clientX: number) => {
    if (verified) return;
    drag.current = { startX: clientX - offsetRef.current };
  };

  return (
    <div
      role="slider"
      aria-label="滑块验证"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.round(offset)}
      aria-valuetext={verified ? SLIDER_CAPTCHA_TEXT.success : SLIDER_CAPTCHA_TEXT.idle}
      data-verified={verified}
      style={{
        position: 'relative',
        width,
        height,
        lineHeight: `${height}px`,
        background: token.colorFillSecondary,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        textAlign: 'center',
        userSelect: 'none',
        overflow: 'hidden',
      }}
    >
      <div
        style={{
          position: 'absolute',
          insetBlock: 0,
          left: 0,
          width: offset + height / 2,
          background: verified ? token.colorSuccess : token.colorPrimaryBg,
        }}
      />
      <span style={{ position: 'relative', color: verified ? token.colorWhite : token.colorTextSecondary }}>
        {verified ? SLIDER_CAPTCHA_TEXT.success : SLIDER_CAPTCHA_TEXT.idle}
      </span>
      <div
        data-testid="slider-captcha-handle"
        onMouseDown={(event: ReactMouseEvent) => {
          event.preventDefault();
          start(event.clientX);
        }}
        onTouchStart={(event: TouchEvent) => {
          const touch = event.touches[0];
          if (touch) start(touch.clientX);
        }}
        style={{
          position: 'absolute',
          top: 0,
          left: offset,
          width: height,
          height: height - 2,
          background: token.colorBgContainer,
          borderInlineEnd: `1px solid ${token.colorBorder}`,
          cursor: verified ? 'default' : 'grab',
          color: verified ? token.colorSuccess : token.colorTextSecondary,
        }}
      >
        {verified ? <CheckCircleFilled /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
